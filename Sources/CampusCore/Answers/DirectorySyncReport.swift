/// What committing a directory sync changed.
public struct DirectorySyncReport: Hashable, Codable, Sendable {
    /// Full or incremental.
    public var kind: DirectorySyncKind
    /// The source's state as stored by the commit.
    public var state: DirectorySyncState
    /// Staged people the index did not hold.
    public var added: Int
    /// Staged people the index held with other values (a new photo counts).
    public var updated: Int
    /// People the index held that a full sync did not stage (always 0 for an incremental one).
    public var removed: Int
    /// Staged people the index held exactly so.
    public var unchanged: Int
    /// Suppressed (FERPA) people in the directory after the commit.
    public var suppressed: Int

    /// Creates a report.
    public init(
        kind: DirectorySyncKind, state: DirectorySyncState, added: Int, updated: Int, removed: Int,
        unchanged: Int, suppressed: Int
    ) {
        self.kind = kind
        self.state = state
        self.added = added
        self.updated = updated
        self.removed = removed
        self.unchanged = unchanged
        self.suppressed = suppressed
    }
}
