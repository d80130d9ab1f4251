import Directory

/// What `campus sync directory` was asked to do.
public struct DirectorySyncRequest: Sendable {
    public var location: DirectoryLocation
    public var profile: DirectoryProfile
    /// Read every person and drop those gone, even when an incremental sync could run.
    public var full: Bool
    /// Swap in a full sync even when it finds less than half the people the index holds.
    public var force: Bool
    /// Entries per page of the paged search.
    public var pageSize: Int

    public init(location: DirectoryLocation, profile: DirectoryProfile, full: Bool = false, force: Bool = false,
                pageSize: Int = 500) {
        self.location = location
        self.profile = profile
        self.full = full
        self.force = force
        self.pageSize = pageSize
    }
}

/// How a sync is going, for a progress bar.
public struct DirectorySyncProgress: Sendable {
    /// People read so far.
    public var people: Int
    /// Pages of the search received so far.
    public var pages: Int
    /// Set when the search had to start over after a lost connection.
    public var restarts: Int
    /// People the last full sync of this source found, as an estimate of the total; nil the first time.
    public var expected: Int?
}
