/// A section's waitlist: how many it holds and how many are on it.
public struct Waitlist: Hashable, Codable, Sendable {
    public var capacity: Int
    public var count: Int

    public init(capacity: Int, count: Int) {
        self.capacity = capacity
        self.count = count
    }
}
