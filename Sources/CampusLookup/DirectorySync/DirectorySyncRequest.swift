import CampusCore
internal import Directory

/// What `campus sync directory` will do: where it reads people from, with which
/// profile, full or not. Made by ``CampusContext/directorySyncRequest(_:)`` from the
/// options and the configuration; its description names the source.
public struct DirectorySyncRequest: Sendable, CustomStringConvertible {
    var location: DirectoryLocation
    var profile: DirectoryProfile
    /// Read every person and drop those gone, even when an incremental sync could run.
    var full: Bool
    /// Swap in a full sync even when it finds less than half the people the index holds.
    var force: Bool
    /// The share of the people the index holds that a full sync may remove without `force`.
    var removalLimit: Double
    /// Entries per page of the paged search.
    var pageSize: Int
    /// An LDAP filter of entries the profile's filter finds that are nobody's: the campus's
    /// service accounts (`directory.exclude`). They are not read, and cannot log in.
    var exclude: String?

    init(location: DirectoryLocation, profile: DirectoryProfile, full: Bool = false, force: Bool = false,
         removalLimit: Double, pageSize: Int = 500, exclude: String? = nil) {
        self.location = location
        self.removalLimit = removalLimit
        self.profile = profile
        self.full = full
        self.force = force
        self.pageSize = pageSize
        self.exclude = exclude
    }

    /// Which entries are people: the profile's filter, less the excluded.
    var peopleFilter: String {
        guard let exclude else { return profile.filter }
        return LDAPFilter.and([profile.filter, "(!\(exclude))"])
    }

    /// The source, for messages: `ldap://127.0.0.1:3890 (base ou=People,dc=example,dc=edu)`, `the LDIF file x.ldif`.
    public var description: String { location.description }
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
