import Foundation

/// How a replica whose user state is shared stands with the index the replicas exchange:
/// what `/readyz` says of it.
public struct SnapshotState: Sendable, Equatable {
    /// What the replica does with the index.
    public enum Role: String, Sendable {
        /// It holds the refresher role: refreshes the index and publishes each new one.
        case refresher
        /// It serves what the refresher publishes.
        case reader
    }

    public var role: Role = .reader
    /// The snapshot served; `nil` before the first (the index file itself is served meanwhile).
    public var version: Int64?
    /// The newest snapshot published, as last seen; `nil` before the first.
    public var latest: Int64?
    /// When the replica last took a new snapshot in.
    public var installedAt: Date?
    /// What keeps the replica from the newest snapshot, in words anyone may read (no path,
    /// no address); it answers from the last good one meanwhile. `nil` when nothing does.
    public var problem: String?
    /// The same, with what the log needs to fix it.
    public var detail: String?

    public init() {}
}
