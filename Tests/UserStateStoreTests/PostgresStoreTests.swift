import CampusCore
import CampusIndex
import Foundation
import SlapdHarness
import Testing
@testable import UserStatePostgres

/// What only the PostgreSQL store does: several processes on one database, its schema
/// migrated once by whichever comes first, TLS, and clear errors when the server cannot serve.
@Suite("The PostgreSQL user-state store: one store for several servers")
struct PostgresStoreTests {
    let now = Date(timeIntervalSince1970: 1_772_200_000)

    @Test("two stores on one database (two servers) see each other's writes at once, and a log-out on one ends the session on both")
    func sharedBetweenServers() async throws {
        let address = try await TestPostgres.emptyDatabase()
        let password = try await TestPostgres.server().password()
        let one = PostgresUserState(address: address, password: password)
        let other = PostgresUserState(address: address, password: password)
        let session = Session(tokenHash: "aa", username: "quinna", createdAt: now, lastUsedAt: now, expiresAt: now + 3600)
        try await one.addSession(session)
        #expect(try await other.session(tokenHash: "aa") == session)
        #expect(try await other.removeSession(tokenHash: "aa"))
        #expect(try await one.session(tokenHash: "aa") == nil)
        #expect(try await one.alertSigningKey() == other.alertSigningKey(), "one key signs every server's links")
    }

    @Test("servers started together migrate the schema once, one after another")
    func migratesOnce() async throws {
        let address = try await TestPostgres.emptyDatabase()
        let password = try await TestPostgres.server().password()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { try await PostgresUserState(address: address, password: password).prepare() }
            }
            try await group.waitForAll()
        }
        let versions = try await TestPostgres.server().psql("SELECT count(*) FROM campus_schema_versions", database: address.database)
        #expect(versions.trimmingCharacters(in: .whitespacesAndNewlines) == "\(PostgresSchema.versions.count)", "each version applied once")
    }

    @Test("a schema written by a newer campus is refused, naming the store")
    func newerSchemaRefused() async throws {
        let address = try await TestPostgres.emptyDatabase()
        let server = try await TestPostgres.server()
        try await PostgresUserState(address: address, password: try server.password()).prepare()
        try server.psql("INSERT INTO campus_schema_versions (version, name) VALUES (99, 'from the future')", database: address.database)
        await #expect(throws: UserStateError.newerVersion(location: address.description)) {
            try await PostgresUserState(address: address, password: try server.password()).prepare()
        }
    }

    @Test("the record of disclosures cannot be rewritten in the database either")
    func appendOnly() async throws {
        let address = try await TestPostgres.emptyDatabase()
        let server = try await TestPostgres.server()
        let store = PostgresUserState(address: address, password: try server.password())
        try await store.recordDisclosures([Disclosure(at: now, viewer: "a", record: .roster, subject: "X", term: nil, rule: "r")])
        #expect(throws: SlapdError.self) {
            try server.psql("UPDATE disclosures SET viewer = 'b'", database: address.database)
        }
        #expect(try server.psql("SELECT viewer FROM disclosures", database: address.database).contains("a"))
    }

    @Test("over TLS, the server's certificate checked against the CA named by sslrootcert")
    func tls() async throws {
        let server = try await TestPostgres.server()
        let database = try await TestPostgres.emptyDatabase().database
        let address = try PostgresAddress(
            parsing: "postgres://campus@localhost:\(server.port)/\(database)?sslmode=verify-full&sslrootcert=\(server.caFile)")
        let store = PostgresUserState(address: address, password: try server.password())
        #expect(try await store.addFavorite("valer", owner: "alice", group: "lab", now: now, limits: nil) == .added)
        let connections = try server.psql(
            "SELECT count(*) FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) WHERE ssl AND datname = '\(database)'")
        #expect(Int(connections.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0 >= 1, "the store's connection is encrypted")

        // Without the test CA, the system's roots do not vouch for the server: refused, not sent in the clear.
        for mode in [PostgresAddress.TLSMode.verifyFull, .verifyCA] {
            let unvouched = PostgresUserState(address: PostgresAddress(
                host: "localhost", port: server.port, username: "campus", database: database, tls: mode), password: try server.password(),
                options: .init(answerWithin: .seconds(5)))
            await #expect(throws: UserStateError.self) { try await unvouched.prepare() }
        }
        // require (libpq's meaning): encrypted, the certificate not checked, as a self-signed server needs.
        let encrypted = PostgresUserState(address: PostgresAddress(
            host: "127.0.0.1", port: server.port, username: "campus", database: database, tls: .require), password: try server.password())
        #expect(try await encrypted.favorites(owner: "alice", group: nil).map(\.username) == ["valer"])
    }

    @Test("a wrong password and a server that is not there are errors naming the store and what went wrong, never the password")
    func cannotOpen() async throws {
        let server = try await TestPostgres.server()
        let address = try await TestPostgres.emptyDatabase()
        let wrong = PostgresUserState(address: address, password: "not-the-password", options: .init(answerWithin: .seconds(5)))
        let refused = await #expect(throws: UserStateError.self) { try await wrong.prepare() }
        let refusal = refused.map { "\($0)" } ?? ""
        #expect(refusal.contains(address.description) && refusal.contains("password"), "\(refusal)")
        #expect(!refusal.contains(try server.password()))

        // A port nobody listens on: the operation gives up after its time, and says so.
        var gone = address
        gone.port = try PostgresServer.unusedPort()
        let absent = PostgresUserState(address: gone, password: try server.password(), options: .init(answerWithin: .seconds(2)))
        let missing = await #expect(throws: UserStateError.self) {
            _ = try await absent.favorites(owner: "alice", group: nil)
        }
        #expect("\(missing.map { "\($0)" } ?? "")".contains(gone.description))
    }

    @Test("the state URL: user, host, port, database and TLS; a password in it, or an unknown setting, is refused")
    func addresses() throws {
        let address = try PostgresAddress(parsing: "postgres://campus@db.example.edu:6432/lookup?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        #expect(address == PostgresAddress(
            host: "db.example.edu", port: 6432, username: "campus", database: "lookup", tls: .verifyFull, caFile: "/etc/ca.pem"))
        #expect(address.description == "postgres://campus@db.example.edu:6432/lookup?sslmode=verify-full&sslrootcert=/etc/ca.pem")
        #expect(try PostgresAddress(parsing: "PostgreSQL://campus@db/lookup?sslmode=verify-ca").tls == .verifyCA, "the scheme in any case")
        let libpqPassword = #expect(throws: PostgresAddressError.self) { try PostgresAddress(parsing: "postgres://campus@db/lookup?password=s3cret") }
        #expect(!"\(libpqPassword.map { "\($0)" } ?? "")".contains("s3cret"))
        let unknown = #expect(throws: PostgresAddressError.self) { try PostgresAddress(parsing: "postgres://db/lookup?x=1&password=s3cret") }
        #expect(!"\(unknown.map { "\($0)" } ?? "")".contains("s3cret"), "refused for another reason first, still not shown")
        #expect(try PostgresAddress(parsing: "postgresql://campus@db/lookup").port == 5432)
        #expect(throws: PostgresAddressError.self) { try PostgresAddress(parsing: "postgres://campus:secret@db/lookup") }
        let withPassword = #expect(throws: PostgresAddressError.self) { try PostgresAddress(parsing: "postgres://campus:s3cret@db/lookup") }
        #expect(!"\(withPassword.map { "\($0)" } ?? "")".contains("s3cret"))
        let unparsable = #expect(throws: PostgresAddressError.self) { try PostgresAddress(parsing: "postgres://campus:p%zz w@db/lookup") }
        #expect(!"\(unparsable.map { "\($0)" } ?? "")".contains("p%zz"), "a URL that does not parse is shown without its password")
        #expect(PostgresAddress.redacted("postgres://campus:s3cret@db:5432/x") == "postgres://campus:…@db:5432/x")
        #expect(PostgresAddress.redacted("postgres://campus@db/x?sslmode=require&password=s") == "postgres://campus@db/x?…", "a query may hold a password")
        #expect(throws: PostgresAddressError.self) { try PostgresAddress(parsing: "postgres://db/lookup") }
        #expect(throws: PostgresAddressError.self) { try PostgresAddress(parsing: "postgres://campus@db/") }
        #expect(throws: PostgresAddressError.self) { try PostgresAddress(parsing: "postgres://campus@db/lookup?sslmode=maybe") }
        #expect(throws: PostgresAddressError.self) { try PostgresAddress(parsing: "postgres://campus@db/lookup?connect_timeout=3") }
    }

    @Test("disclosures and sessions made while one is being written wait, then go in one statement: every call's rows kept, each call's together and in order")
    func groupedWrites() async throws {
        let server = try await TestPostgres.server()
        let address = try await TestPostgres.emptyDatabase()
        let store = PostgresUserState(address: address, password: try server.password())
        try await store.prepare()
        // Another server holding both tables: the first disclosure and the first session wait for it, the rest for them.
        let holder = try await store.connect()
        try await holder.execute("BEGIN")
        try await holder.execute("LOCK TABLE disclosures, sessions IN EXCLUSIVE MODE")
        let viewers = (0..<8).map { "viewer\($0)" }
        let at = now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for viewer in viewers {
                group.addTask {
                    try await store.recordDisclosures((0..<3).map {
                        Disclosure(at: at, viewer: viewer, record: .schedule, subject: "s\($0)", term: nil, rule: "open")
                    })
                }
                group.addTask {
                    try await store.addSession(Session(tokenHash: "h-\(viewer)", username: viewer, createdAt: at, lastUsedAt: at, expiresAt: at + 3600))
                }
            }
            var waited: (any Error)?
            do {
                try await eventually("seven of each wait for the first") { store.disclosureWrites.waiting == 7 && store.sessionWrites.waiting == 7 }
            } catch {
                waited = error
            }
            try await holder.execute("COMMIT")
            try await group.waitForAll()
            if let waited { throw waited }
        }
        try? await holder.close()
        let kept = Array(try await store.disclosures(matching: DisclosureQuery(), limit: 100, offset: 0).items.reversed())
        #expect(kept.count == 24 && Set(kept.map(\.viewer)) == Set(viewers))
        for start in stride(from: 0, to: kept.count, by: 3) {
            #expect(Set(kept[start..<start + 3].map(\.viewer)).count == 1 && kept[start..<start + 3].map(\.subject) == ["s0", "s1", "s2"])
        }
        for viewer in viewers { #expect(try await store.session(tokenHash: "h-\(viewer)")?.username == viewer) }
    }

    @Test("a lock held too long by another server is waited for only so long: the server cancels the wait and nothing is written")
    func lockWaitBounded() async throws {
        let server = try await TestPostgres.server()
        let address = try await TestPostgres.emptyDatabase()
        let store = PostgresUserState(address: address, password: try server.password(), options: .init(answerWithin: .seconds(4)))
        try await store.prepare()
        // Another server, in the middle of adding to alice's favorites, holding her lock for 30 s.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = ["psql", "-X", "-q", "-h", "127.0.0.1", "-p", String(server.port), "-U", "campus", "-d", address.database, "-c",
                            "BEGIN; SELECT pg_advisory_xact_lock(hashtextextended('favorites alice', 0)); SELECT pg_sleep(30); COMMIT;"]
        holder.environment = ["PGPASSFILE": server.pgpassFile, "PGSSLMODE": "disable", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"]
        holder.standardOutput = FileHandle.nullDevice
        holder.standardError = FileHandle.nullDevice
        try holder.run()
        defer { holder.terminate() }
        // Until the holder has its lock, the add goes through; so wait until the server shows it waiting in pg_sleep.
        for _ in 0..<100 {
            let sleeping = try server.psql("SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(30)%' AND state = 'active' AND pid <> pg_backend_pid()",
                                           database: address.database)
            if sleeping.trimmingCharacters(in: .whitespacesAndNewlines) == "1" { break }
            try await Task.sleep(for: .milliseconds(100))
        }
        let refused = await #expect(throws: UserStateError.self) {
            _ = try await store.addFavorite("valer", owner: "alice", group: "lab", now: now, limits: nil)
        }
        #expect("\(refused.map { "\($0)" } ?? "")".contains("timeout"), "\(refused.map { "\($0)" } ?? "")")
        // The holder's server-side session ends (a killed psql's backend may sleep on), freeing the lock.
        try server.psql("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()",
                        database: address.database)
        holder.terminate()
        holder.waitUntilExit()
        #expect(try await store.favorites(owner: "alice", group: nil).isEmpty)
        #expect(try await store.addFavorite("valer", owner: "alice", group: "lab", now: now, limits: nil) == .added, "free again")
    }
}
