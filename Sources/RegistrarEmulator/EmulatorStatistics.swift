/// What the emulator has been asked, for tests of a client's limits and retries.
public struct EmulatorStatistics: Hashable, Sendable {
    /// Every request received, answered or refused.
    public var totalRequests: Int
    /// Requests by request target (path and query, `/regweb-cgi/reg-sched.pl?type=Roster&...`).
    public var requestsByTarget: [String: Int]
    /// Answers by HTTP status code.
    public var responsesByStatus: [Int: Int]
    /// The most requests ever in flight at the same moment.
    public var maxConcurrentRequests: Int

    /// Creates empty statistics.
    public init() {
        totalRequests = 0
        requestsByTarget = [:]
        responsesByStatus = [:]
        maxConcurrentRequests = 0
    }

    /// How many requests had a target containing `text` (`CSSE474-02`, `type=Instructor`).
    public func requests(containing text: String) -> Int {
        requestsByTarget.filter { $0.key.contains(text) }.map(\.value).reduce(0, +)
    }
}
