import Foundation

/// One published copy of the index: what a replica fetches, and checks, before it serves it.
public struct IndexSnapshotManifest: Sendable, Hashable {
    /// Raised by one at every publication, across all replicas; never given twice.
    public var version: Int64
    /// The index's own generation (``IndexVersion/generation``) in the copy.
    public var generation: Int64
    /// The file's length in bytes.
    public var size: Int64
    /// The SHA-256 of the file, in lower-case hexadecimal.
    public var sha256: String
    /// The refresher role's epoch it was published under (``RefresherRole/epoch``).
    public var epoch: Int64
    public var publishedAt: Date

    public init(version: Int64, generation: Int64, size: Int64, sha256: String, epoch: Int64, publishedAt: Date) {
        self.version = version
        self.generation = generation
        self.size = size
        self.sha256 = sha256
        self.epoch = epoch
        self.publishedAt = publishedAt
    }
}

/// The refresher role, held by one replica at a time: it alone refreshes the index and
/// publishes it. Held for as long as the value is kept and its connection lives; a holder that
/// dies (its connection closed) frees it at once for another replica to take.
public protocol RefresherRole: Sendable {
    /// Raised by one each time the role changes hands: what the holder's publications are
    /// fenced with (a holder that lost the role cannot publish).
    var epoch: Int64 { get }
    /// Returns when the role is lost: its connection closed or stopped answering.
    func lost() async
    /// Gives the role up, for another replica to take.
    func release() async
}

/// Where replicas of one campus exchange the index (a shared user-state store that can:
/// PostgreSQL): one of them holds the ``RefresherRole`` and publishes each new index as a
/// checksummed, versioned snapshot; the others fetch it.
public protocol IndexSnapshotExchange: Sendable {
    /// Takes the refresher role when no one holds it; `nil` when another replica holds it.
    ///
    /// - Parameter holder: who asks (a host name and process), shown to operators.
    func takeRefresherRole(holder: String) async throws(UserStateError) -> (any RefresherRole)?

    /// The newest snapshot published, `nil` before the first.
    func newestSnapshot() async throws(UserStateError) -> IndexSnapshotManifest?

    /// Publishes the index file `file` (a copy no one writes any more) as the newest snapshot;
    /// refused when `role` was lost meanwhile (another replica took it).
    func publishSnapshot(
        _ file: URL, generation: Int64, sha256: String, as role: any RefresherRole
    ) async throws(UserStateError) -> IndexSnapshotManifest

    /// Writes the snapshot `manifest` describes into `file` (created, private to its owner).
    /// Fails when it is no longer kept (newer ones replaced it); the caller checks its size and hash.
    func fetchSnapshot(_ manifest: IndexSnapshotManifest, into file: URL) async throws(UserStateError)
}
