import CampusIndex
import Foundation
import NIOCore
import PostgresNIO

/// Index snapshots kept in the database, in chunks of ``snapshotChunkSize`` (each row one
/// statement, well within the server's limits), the newest ``keptSnapshots`` kept.
extension PostgresUserState: IndexSnapshotExchange {
    /// The bytes of one stored chunk.
    static let snapshotChunkSize = 1 << 20
    /// How many of the newest snapshots are always kept: a replica fetching one that a newer
    /// publication replaced fetches the newest instead.
    static let keptSnapshots = 3
    /// How long a whole publication or fetch may take before it is given up.
    static let snapshotTransferLimit: Duration = .seconds(600)

    public func newestSnapshot() async throws(UserStateError) -> IndexSnapshotManifest? {
        try await run("read the newest index snapshot") { db in
            try await db.rows("""
                SELECT version, generation, size, sha256, epoch, published_at FROM index_snapshots ORDER BY version DESC LIMIT 1
                """).first.map { row in
                let (version, generation, size, sha256, epoch, publishedAt) = try row.decode((Int64, Int64, Int64, String, Int64, Date).self)
                // Written to the millisecond; read back through microseconds, a hair off.
                let published = Date(timeIntervalSince1970: (publishedAt.timeIntervalSince1970 * 1000).rounded() / 1000)
                return IndexSnapshotManifest(version: version, generation: generation, size: size, sha256: sha256, epoch: epoch, publishedAt: published)
            }
        }
    }

    public func publishSnapshot(
        _ file: URL, generation: Int64, sha256: String, as role: any RefresherRole
    ) async throws(UserStateError) -> IndexSnapshotManifest {
        let operation = "publish the index"
        let size: Int64
        do {
            size = Int64(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? 0)
        } catch {
            throw .failed(operation: operation, detail: "its copy cannot be read: \(error.localizedDescription)")
        }
        let chunkSize = Self.snapshotChunkSize
        let chunks = Int((size + Int64(chunkSize) - 1) / Int64(chunkSize))
        let epoch = role.epoch
        let kept = Self.keptSnapshots
        return try await transaction(operation, waiting: Self.snapshotTransferLimit) { db in
            // Fenced: a holder that lost the role (a newer epoch) publishes nothing.
            guard let row = try await db.rows("SELECT last_version FROM index_refresher WHERE id = 1 AND epoch = \(epoch) FOR UPDATE").first else {
                throw UserStateError.failed(operation: operation, detail: "another replica has taken the refresher role; it publishes instead")
            }
            let version = try row.decode(Int64.self) + 1
            let now = Date().toMillisecond
            try await db.execute("UPDATE index_refresher SET last_version = \(version) WHERE id = 1")
            try await db.execute("""
                INSERT INTO index_snapshots (version, generation, size, sha256, chunks, epoch, published_at)
                VALUES (\(version), \(generation), \(size), \(sha256), \(chunks), \(epoch), \(now))
                """)
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            for seq in 0..<chunks {
                let bytes = try handle.read(upToCount: chunkSize) ?? Data()
                try await db.execute("INSERT INTO index_snapshot_chunks (version, seq, data) VALUES (\(version), \(seq), \(ByteBuffer(bytes: bytes)))")
            }
            // Older ones go; one being fetched still is missed by its fetcher, who takes the newest.
            try await db.execute("DELETE FROM index_snapshots WHERE version <= \(version - Int64(kept))")
            return IndexSnapshotManifest(version: version, generation: generation, size: size, sha256: sha256, epoch: epoch, publishedAt: now)
        }
    }

    public func fetchSnapshot(_ manifest: IndexSnapshotManifest, into file: URL) async throws(UserStateError) {
        let operation = "fetch index snapshot \(manifest.version)"
        guard FileManager.default.createFile(atPath: file.path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw .failed(operation: operation, detail: "\(file.path) cannot be created")
        }
        let chunks = Int((manifest.size + Int64(Self.snapshotChunkSize) - 1) / Int64(Self.snapshotChunkSize))
        let version = manifest.version
        try await answering(operation, within: Self.snapshotTransferLimit) {
            let handle = try FileHandle(forWritingTo: file)
            defer { try? handle.close() }
            for seq in 0..<chunks {
                // One statement a chunk: each well within the server's limit on a statement.
                let data = try await self.run(operation) { db in
                    try await db.rows("SELECT data FROM index_snapshot_chunks WHERE version = \(version) AND seq = \(seq)").first
                        .map { Data(try $0.decode(ByteBuffer.self).readableBytesView) }
                }
                guard let data else {
                    throw UserStateError.failed(operation: operation, detail: "it is no longer kept: a newer one replaced it")
                }
                try handle.write(contentsOf: data)
            }
            try handle.synchronize()
        }
    }
}
