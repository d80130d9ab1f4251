import CampusLookup
import Foundation
import SlapdHarness
import Testing

/// Replicas sharing one index take in only what passes their checks.
@Suite("Replicas sharing one index: a snapshot that fails its checks", .serialized)
struct SnapshotCheckTests {
    /// `/readyz` of `replica`, as JSON.
    private func readiness(_ replica: LiveServer) async throws -> [String: Any] {
        let answer = try await replica.send(.GET, "/readyz")
        return try #require(try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])
    }

    private func snapshot(_ readiness: [String: Any]) -> [String: Any] {
        (readiness["index"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }

    @Test("a snapshot whose bytes do not match its checksum is never served: each replica answers from its last good one and /readyz says why")
    func corruptSnapshotRefused() async throws {
        let replicas = try await ReplicasBehindProxyTests.Replicas(2)
        defer { Task { await replicas.stop() } }
        try await eventually("both replicas serve the first replica's index, published") {
            for replica in replicas.replicas where snapshot(try await readiness(replica))["version"] as? Int != 1 { return false }
            return true
        }
        var roles: [String] = []
        for replica in replicas.replicas { roles.append(snapshot(try await readiness(replica))["role"] as? String ?? "none") }
        #expect(roles.sorted() == ["reader", "refresher"], "one refresher: \(roles)")
        let token = try await replicas.logIn("quinna")
        let before = try await readiness(replicas.replicas[1])

        // A newer snapshot, as if published, whose bytes were damaged on the way: four bytes overwritten.
        let postgres = try await PostgresServer.shared()
        _ = try postgres.psql("""
            INSERT INTO index_snapshots (version, generation, size, sha256, chunks, epoch, published_at)
                SELECT 99, generation + 1, size, sha256, chunks, epoch, now() FROM index_snapshots WHERE version = 1;
            INSERT INTO index_snapshot_chunks (version, seq, data)
                SELECT 99, seq, CASE WHEN seq = 0 THEN overlay(data PLACING '\\xdeadbeef'::bytea FROM 5000) ELSE data END
                FROM index_snapshot_chunks WHERE version = 1;
            """, database: replicas.database)
        for replica in replicas.replicas {
            try await eventually("the replica looked at the damaged snapshot and refused it") {
                let state = snapshot(try await readiness(replica))
                return state["latest"] as? Int == 99 && state["problem"] is String
            }
            let after = try await readiness(replica)
            let state = snapshot(after)
            #expect(state["version"] as? Int == 1, "the last good snapshot stays served: \(state)")
            #expect((state["problem"] as? String)?.contains("version 99") == true, "\(state)")
            #expect(!((state["problem"] as? String) ?? "").contains("/"), "the problem names no path: \(state)")
            #expect(after["problems"] as? [String] == before["problems"] as? [String] && after["ready"] as? Bool == before["ready"] as? Bool,
                    "a refused snapshot alone does not change readiness: \(after["problems"] ?? "")")
            let section = try await replica.send(.GET, "/v1/sections/CHEM111-02?term=202630", token: token)
            #expect(section.status == 200, "lookups go on from the last good index: \(section.status)")
        }
        let folder = replicas.replicas[1].root.appendingPathComponent("index.sqlite.snapshots")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".partial-") }
        #expect(kept == ["v1.sqlite"], "nothing of the damaged snapshot is left on disk: \(kept)")
        let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700, "the snapshots are the owner's alone")
    }
}
