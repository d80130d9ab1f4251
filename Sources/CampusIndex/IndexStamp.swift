internal import GRDB

/// One state of one open index: its generation, and the open database it was read from.
/// Two indexes whose generations agree (a file renamed over another, a snapshot adopted, a
/// rebuild that wrote as often) have unequal stamps.
///
/// ```swift
/// let stamp = try index.read { try $0.stamp() }
/// ```
public struct IndexStamp: Equatable, Sendable {
    let generation: Int64
    /// The open database, held while the stamp lives so that no later opening can take its
    /// identity; `nil` for a read made inside a write.
    let opening: (any DatabaseReader)?

    public static func == (lhs: IndexStamp, rhs: IndexStamp) -> Bool {
        lhs.generation == rhs.generation && lhs.opening === rhs.opening
    }
}

extension IndexReader {
    /// The stamp of the state this read sees: what is made from it stays good while the
    /// stamp stays equal.
    public func stamp() throws -> IndexStamp {
        IndexStamp(generation: try row("SELECT value FROM generation WHERE id = 1") { Int64($0.int(0) ?? 0) } ?? 0, opening: opening)
    }
}
