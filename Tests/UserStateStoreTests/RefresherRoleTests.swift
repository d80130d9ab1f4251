import CampusIndex
import Foundation
import SlapdHarness
import Testing
import UserStatePostgres

@Suite("PostgreSQL: the refresher role and the index snapshots it publishes")
struct RefresherRoleTests {
    /// `body`'s value, or a failure after a minute: a role that is never lost fails the test, never hangs it.
    private func withinAMinute<T: Sendable>(_ what: String, _ body: @escaping @Sendable () async throws -> T) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                try await Task.sleep(for: .seconds(60))
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else {
                Issue.record("\(what) did not happen within a minute")
                throw CancellationError()
            }
            return value
        }
    }

    /// The role, taken by `store` as soon as no one holds it.
    private func takeWhenFree(_ store: PostgresUserState, holder: String) async throws -> any RefresherRole {
        while true {
            if let role = try await store.takeRefresherRole(holder: holder) { return role }
            try await Task.sleep(for: .milliseconds(200))
        }
    }

    private func randomFile(bytes: Int, in folder: URL) throws -> URL {
        var generator = SystemRandomNumberGenerator()
        let file = folder.appendingPathComponent("\(UUID().uuidString).bin")
        try Data((0..<bytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }).write(to: file)
        return file
    }

    @Test("one replica at a time holds the role; when its connection ends, another takes it under a higher epoch")
    func oneHolderAndTakeover() async throws {
        let server = try await TestPostgres.server()
        let address = try await TestPostgres.emptyDatabase()
        let first = PostgresUserState(address: address, password: try server.password())
        let second = PostgresUserState(address: address, password: try server.password())

        let held = try #require(try await first.takeRefresherRole(holder: "first"))
        #expect(try await second.takeRefresherRole(holder: "second") == nil)
        #expect(try await first.takeRefresherRole(holder: "first again") == nil)
        let holder = try server.psql("SELECT holder FROM index_refresher", database: address.database)
        #expect(holder.trimmingCharacters(in: .whitespacesAndNewlines) == "first")

        // The holder's connection ended by the server, as when its machine is gone.
        _ = try server.psql(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'campus-refresher' AND datname = '\(address.database)'",
            database: address.database)
        try await withinAMinute("noticing the role lost") { await held.lost() }
        let taken = try await withinAMinute("taking the role over") { try await takeWhenFree(second, holder: "second") }
        #expect(taken.epoch > held.epoch)
        await taken.release()
        let again = try await withinAMinute("taking a released role") { try await takeWhenFree(first, holder: "first") }
        #expect(again.epoch == taken.epoch + 1)
        await again.release()
    }

    @Test("a snapshot comes back byte for byte; a holder that lost the role publishes nothing; the newest three are kept")
    func publishAndFetch() async throws {
        let server = try await TestPostgres.server()
        let address = try await TestPostgres.emptyDatabase()
        let refresher = PostgresUserState(address: address, password: try server.password())
        let reader = PostgresUserState(address: address, password: try server.password())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("campus-snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await reader.newestSnapshot() == nil)

        // Two and a half chunks: the last one short.
        let file = try randomFile(bytes: 5 << 19, in: folder)
        let role = try #require(try await refresher.takeRefresherRole(holder: "refresher"))
        let manifest = try await refresher.publishSnapshot(file, generation: 41, sha256: "given", as: role)
        #expect(manifest.version == 1 && manifest.generation == 41 && manifest.size == 5 << 19 && manifest.epoch == role.epoch)
        #expect(try await reader.newestSnapshot() == manifest)
        let fetched = folder.appendingPathComponent("fetched.sqlite")
        try await reader.fetchSnapshot(manifest, into: fetched)
        #expect(try Data(contentsOf: fetched) == Data(contentsOf: file))
        let mode = try FileManager.default.attributesOfItem(atPath: fetched.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // Another replica takes the role: the old holder's publication is refused.
        await role.release()
        let next = try #require(try await reader.takeRefresherRole(holder: "reader"))
        await #expect(throws: UserStateError.self) {
            try await refresher.publishSnapshot(file, generation: 42, sha256: "stale", as: role)
        }
        for generation in Int64(42)...44 {
            _ = try await reader.publishSnapshot(file, generation: generation, sha256: "g\(generation)", as: next)
        }
        let newest = try #require(try await refresher.newestSnapshot())
        #expect(newest.version == 4 && newest.generation == 44 && newest.epoch == next.epoch)
        let kept = try server.psql("SELECT string_agg(version::text, ',' ORDER BY version) FROM index_snapshots", database: address.database)
        #expect(kept.trimmingCharacters(in: .whitespacesAndNewlines) == "2,3,4")
        await #expect(throws: UserStateError.self) {
            try await refresher.fetchSnapshot(manifest, into: folder.appendingPathComponent("gone.sqlite"))
        }
        await next.release()
    }
}
