import Foundation
import SlapdHarness
import Testing

/// `campus state migrate`: a campus's user-state file copied into PostgreSQL, then used
/// from there by naming it in `state:`.
@Suite("The user state moved into PostgreSQL", .serialized)
struct StateMigrateEndToEndTests {
    /// The usernames `favorites list --json` shows, in order.
    private func listed(_ campus: CampusRunner) throws -> [String] {
        let answer = try #require(try campus.run("favorites", "list", "--json").json() as? [String: Any])
        return (answer["favorites"] as? [[String: Any]] ?? []).compactMap { $0["username"] as? String }
    }

    @Test("favorites kept in the file are all in PostgreSQL after the copy, and campus reads and writes them there; copying the database into itself is refused")
    func migrates() async throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "registrar", "--term", "202630").status == 0)
        #expect(try campus.run("favorites", "add", "whitfid").status == 0)
        #expect(try campus.run("favorites", "add", "brennam", "--group", "lab").status == 0)

        let postgres = try await PostgresServer.shared()
        let url = "postgres://campus@127.0.0.1:\(postgres.port)/\(try postgres.createDatabase())?sslmode=disable"
        let copied = try campus.run("state", "migrate", "--to", url, "--password-file", postgres.passwordFile)
        #expect(copied.status == 0, "\(copied.error)")
        #expect(copied.output.contains("favorites: 2") && copied.output.contains("copied 2 rows into"), "\(copied.output)")

        let configuration = campus.home.appendingPathComponent("config/campus")
        try FileManager.default.createDirectory(at: configuration, withIntermediateDirectories: true)
        let file = configuration.appendingPathComponent("config.yaml")
        try Data("state: \(url)\nstate-password-file: \(postgres.passwordFile)\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        try FileManager.default.removeItem(atPath: campus.home.appendingPathComponent("user-state.sqlite").path)
        #expect(try listed(campus) == ["whitfid", "brennam"], "read from PostgreSQL: the file is gone")
        #expect(try campus.run("favorites", "add", "ashbye").status == 0)
        #expect(try postgres.psql("SELECT count(*) FROM favorites", database: URLComponents(string: url)!.path.dropFirst().description)
            .trimmingCharacters(in: .whitespacesAndNewlines) == "3")

        let again = try campus.run("state", "migrate", "--to", url, "--password-file", postgres.passwordFile)
        #expect(again.status != 0 && again.error.contains("PostgreSQL already"), "the state: it would copy is the database itself: \(again.error)")
    }

    @Test("a URL holding a password, or not postgres://, is refused without echoing the password")
    func badTargets() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let withPassword = try campus.run("state", "migrate", "--to", "postgres://campus:hunter2@127.0.0.1/campus")
        #expect(withPassword.status != 0 && withPassword.error.contains("--password-file") && !withPassword.error.contains("hunter2"),
                "\(withPassword.error)")
        let notPostgres = try campus.run("state", "migrate", "--to", "mysql://campus@db/campus")
        #expect(notPostgres.status == 2 && notPostgres.error.contains("postgres://"), "\(notPostgres.error)")
    }
}
