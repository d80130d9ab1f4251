import CampusLookup
import Foundation
import SlapdHarness
import Testing

/// The test process's domain controller, stopped as the process exits (a static is never deinitialised).
nonisolated(unsafe) private var sharedController: SambaDirectory?

/// A campus on a real Active Directory: Samba 4's domain controller (`fixtures/ad/campus.ldif`,
/// no Exchange schema), synced with the `ad` profile and logged in against over LDAPS.
@Suite("Active Directory: opt-outs that fail closed, accounts that are nobody's, the names people log in by", .serialized)
struct ActiveDirectoryTests {
    /// One domain controller for the suite (provisioning one takes about ten seconds).
    private static let controller = Controller()

    private actor Controller {
        private var started: SambaDirectory?

        func directory() throws -> SambaDirectory {
            if let started { return started }
            let directory = try SambaDirectory.start()
            started = directory
            sharedController = directory
            atexit { sharedController?.stop() }
            return directory
        }
    }

    /// The `directory:` settings for the DC, read by the `svc-lookup` service account; `profile`
    /// names a shipped profile or a file.
    private func settings(_ ad: SambaDirectory, profile: String, in root: URL) throws -> String {
        let password = root.appendingPathComponent("svc-lookup.password")
        try (SambaDirectory.passwords["svc-lookup"] ?? "").write(to: password, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: password.path)
        return """
            directory:
              url: \(ad.ldapsURL)
              base: \(ad.baseDN)
              bind-dn: CN=svc-lookup,OU=Service Accounts,\(ad.baseDN)
              password-file: \(password.path)
              ca-file: \(ad.caFile)
              profile: \(profile)
              exclude: "(|(sAMAccountName=svc-*)(sAMAccountName=dns-*))"
            """
    }

    /// The `ad` profile with its opt-out read from the fixture's group instead.
    private func groupProfile(_ ad: SambaDirectory, in root: URL) throws -> String {
        let shipped = try String(contentsOf: DemoIndexFile.packageRoot.appendingPathComponent("directory-profiles/ad.yaml"), encoding: .utf8)
        let file = root.appendingPathComponent("campus-ad.yaml")
        try shipped.replacingOccurrences(
            of: "privacy:\n  attribute: extensionAttribute1\n  values: [suppress]",
            with: "privacy:\n  member-of: \"CN=FERPA Opt-Out,OU=Groups,\(ad.baseDN)\"")
            .write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// A full sync of the DC into `root`'s index (forced: it replaces the demo directory).
    private func sync(_ root: URL) async throws -> DirectorySyncResult {
        let campus = try ServerFiles.campus(in: root)
        return try await CampusService(operating: campus).syncDirectory(
            try campus.directorySyncRequest(DirectorySyncOptions(full: true, force: true)), as: .operator(), now: Date())
    }

    /// How many people, sections and rooms `campus search` finds for `query` in `root`'s index.
    private func searchHits(_ query: String, in root: URL) throws -> Int {
        try CampusService(operating: try ServerFiles.campus(in: root)).search(
            query, kinds: [], term: nil, limit: 5, department: nil, affiliation: nil, as: .operator(), now: Date()).answer.hits.count
    }

    /// Whether `campus person USERNAME` finds a card in `root`'s index.
    private func hasCard(_ username: String, in root: URL) async throws -> Bool {
        let door = CampusService(operating: try ServerFiles.campus(in: root))
        return (try? await door.person(username, as: .operator(), now: Date())) != nil
    }

    @Test("an opt-out attribute the directory's schema lacks refuses the sync, naming it and the way out; nothing changes")
    func optOutAttributeMissing() async throws {
        let ad = try await Self.controller.directory()
        let root = try ServerFiles.freshRoot()
        let index = try await ServerFiles.demoIndex(in: root)
        try ServerFiles.writeConfiguration("index: \(index.path)\n" + settings(ad, profile: "ad", in: root), in: root)
        let before = try searchHits("whitfield", in: root)
        do {
            _ = try await sync(root)
            Issue.record("the sync ran without reading opt-outs")
        } catch {
            #expect("\(error)".contains("extensionAttribute1") && "\(error)".contains("privacy:") && "\(error)".contains("member-of"), "\(error)")
        }
        #expect(try searchHits("whitfield", in: root) == before)
    }

    @Test("opt-outs by group membership, nested groups included; disabled, built-in and service accounts are nobody")
    func optOutsByGroup() async throws {
        let ad = try await Self.controller.directory()
        let root = try ServerFiles.freshRoot()
        let index = try await ServerFiles.demoIndex(in: root)
        try ServerFiles.writeConfiguration("index: \(index.path)\n" + settings(ad, profile: try groupProfile(ad, in: root), in: root), in: root)
        let result = try await sync(root)
        #expect(result.warnings.allSatisfy { !$0.contains("privacy") }, "\(result.warnings)")
        for person in ["dwhitfield", "mbrennan", "esommers"] {
            #expect(try await hasCard(person, in: root), "\(person) is a person")
        }
        for nobody in ["kgranger", "krbtgt", "guest", "administrator", "svc-backup", "svc-lookup", "dns-dc1"] {
            #expect(try await !hasCard(nobody, in: root), "\(nobody) is no person")
        }
        for optedOut in ["eashby", "qholt"] {
            #expect(try await !hasCard(optedOut, in: root), "\(optedOut) opted out (qholt through a nested group)")
        }
        #expect(result.report.suppressed == 2, "\(result.report)")

        // A membership changed since: the next incremental sync (whose people have not changed) sees it.
        try ad.modify(ldif: """
            dn: CN=FERPA Opt-Out,OU=Groups,\(ad.baseDN)
            changetype: modify
            add: member
            member: CN=Ellis Sommers,OU=Students,\(ad.baseDN)

            """)
        let campus = try ServerFiles.campus(in: root)
        let incremental = try await CampusService(operating: campus).syncDirectory(
            try campus.directorySyncRequest(DirectorySyncOptions()), as: .operator(), now: Date())
        #expect(incremental.report.suppressed == 3, "\(incremental.report)")
        #expect(try await !hasCard("esommers", in: root))
    }

    @Test("log-in by username in any case, user@realm and DOMAIN\\user; another domain, a disabled account or a service account is refused")
    func logInNames() async throws {
        let ad = try await Self.controller.directory()
        let root = try ServerFiles.freshRoot()
        let index = try await ServerFiles.demoIndex(in: root)
        let directory = try settings(ad, profile: try groupProfile(ad, in: root), in: root)
        try ServerFiles.writeConfiguration("index: \(index.path)\n" + directory, in: root)
        _ = try await sync(root)
        let server = try await LiveServer.start(root: root, directorySettings: directory)
        defer { Task { await server.stop() } }
        func logIn(_ name: String, _ password: String) async throws -> ServerAnswer {
            try await server.send(.POST, "/v1/session", json: ["username": name, "password": password])
        }
        let password = SambaDirectory.passwords["dwhitfield"] ?? ""
        for name in ["dwhitfield", "DWhitfield", "dwhitfield@campus.example.edu", "CAMPUS\\dwhitfield", "campus\\DWHITFIELD"] {
            let answer = try await logIn(name, password)
            #expect(answer.status == 200, "\(name): \(answer.text)")
            #expect((answer.json["user"] as? [String: Any])?["username"] as? String == "dwhitfield", "\(name): \(answer.text)")
        }
        #expect(try await logIn("OTHER\\dwhitfield", password).status == 401)
        #expect(try await logIn("dwhitfield@elsewhere.edu", password).status == 401)
        #expect(try await logIn("kgranger", SambaDirectory.passwords["kgranger"] ?? "").status == 401, "disabled")
        #expect(try await logIn("svc-backup", SambaDirectory.passwords["svc-backup"] ?? "").status == 401, "a service account")
    }
}
