import Foundation
import SlapdHarness
import Testing

/// `campus sync directory` against a real slapd loaded from `fixtures/directory.ldif`,
/// then the people lookups as a person runs them.
@Suite("campus and the campus directory", .serialized)
struct DirectoryEndToEndTests {
    static let fixture = CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path

    /// The uid of every fixture entry carrying the FERPA opt-out, and its display name.
    static func suppressedPeople() throws -> [(uid: String, name: String)] {
        let text = try String(contentsOfFile: fixture, encoding: .utf8).replacingOccurrences(of: "\n ", with: "")
        return text.components(separatedBy: "\n\n").filter { $0.contains("\ncampusPrivacy: suppress") }.compactMap { record in
            let lines = record.split(separator: "\n")
            func value(_ name: String) -> String? {
                lines.first { $0.hasPrefix("\(name): ") }.map { String($0.dropFirst(name.count + 2)) }
            }
            guard let uid = value("uid"), let name = value("cn") else { return nil }
            return (uid, name)
        }
    }

    /// A runner whose index holds the demo campus's spring term and the real sample pages.
    static func campusWithRegistrarData() throws -> CampusRunner {
        let campus = try CampusRunner()
        #expect(try campus.run("sync", "registrar", "--term", "202630").status == 0)
        #expect(try campus.importSamples().status == 0)
        return campus
    }

    func syncArguments(_ server: SlapdServer) -> [String] {
        ["sync", "directory", "--url", server.url, "--base", server.baseDN, "--bind-dn", server.adminDN,
         "--password-file", server.adminPasswordFile, "--starttls", "--ca-file", server.caFile]
    }

    @Test("after a sync from slapd, valer's card has department, office, phone and e-mail")
    func personCard() throws {
        let server = try SlapdServer.start(ldifFiles: [Self.fixture])
        defer { server.stop() }
        let campus = try Self.campusWithRegistrarData()
        defer { campus.cleanUp() }
        let registrarOnly = try #require(try campus.run("person", "valer", "--json").json() as? [String: Any])
        #expect(registrarOnly["office"] is NSNull, "the registrar page leaves valer's room blank")

        let sync = try campus.run(arguments: syncArguments(server) + ["--json"])
        #expect(sync.status == 0, "\(sync.error)")
        let report = try #require(try sync.json() as? [String: Any])
        #expect(report["kind"] as? String == "full")
        #expect((report["people"] as? Int ?? 0) > 400)

        let card = try #require(try campus.run("person", "valer", "--json").json() as? [String: Any])
        for key in ["department", "office", "phone", "email"] {
            let value = card[key] as? String
            #expect(value?.isEmpty == false, "\(key) should be known, got \(String(describing: card[key]))")
        }
        #expect((card["mailto"] as? String)?.hasPrefix("mailto:") == true)
        let vcard = try campus.run("person", "valer", "--vcard")
        #expect(vcard.output.hasPrefix("BEGIN:VCARD\r\nVERSION:4.0\r\n"))
        #expect(vcard.output.contains("EMAIL;TYPE=work:"))
    }

    @Test("a suppressed person is found by nothing: search by username or name, card, roster, schedule")
    func suppressed() throws {
        let people = try Self.suppressedPeople()
        #expect(!people.isEmpty, "the fixture should hold suppressed people")
        let server = try SlapdServer.start(ldifFiles: [Self.fixture])
        defer { server.stop() }
        let campus = try Self.campusWithRegistrarData()
        defer { campus.cleanUp() }
        #expect(try campus.run(arguments: syncArguments(server)).status == 0)

        for person in people {
            for query in [person.uid, person.name, String(person.uid.prefix(4))] {
                let search = try campus.run("search", query, "--json")
                #expect(!search.output.contains("\"\(person.uid)\""), "search '\(query)' shows \(person.uid)")
            }
            let card = try campus.run("person", person.uid)
            #expect(card.status == 1)
            #expect(!card.error.contains(person.name))
            #expect(try campus.run("schedule", person.uid).status == 1)
            let listing = try campus.run("search", "--affiliation", "student", "--limit", "5000", "--json")
            #expect(!listing.output.contains("\"\(person.uid)\""))
        }
        for roster in ["CSSE474-01", "CSSE474-02", "CSSE220-01"] {
            let output = try campus.run("roster", roster, "--term", "202630", "--json").output
            for person in people { #expect(!output.contains("\"\(person.uid)\""), "\(roster) lists \(person.uid)") }
        }
    }

    @Test("a refused bind names the DN and the password file, never the password; the index keeps answering")
    func refusedBind() throws {
        let server = try SlapdServer.start(ldifFiles: [Self.fixture])
        defer { server.stop() }
        let campus = try Self.campusWithRegistrarData()
        defer { campus.cleanUp() }
        #expect(try campus.run(arguments: syncArguments(server)).status == 0)
        let secret = "not-the-Passw0rd-\(UUID().uuidString.prefix(6))"
        let wrong = campus.home.appendingPathComponent("wrong.password")
        try secret.write(to: wrong, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: wrong.path)
        var arguments = syncArguments(server)
        arguments[arguments.firstIndex(of: server.adminPasswordFile)!] = wrong.path
        let exposed = try campus.run(arguments: arguments)
        #expect(exposed.status == 1)
        #expect(exposed.error.contains("chmod 600 \(wrong.path)") && exposed.error.contains("(permissions 0644)"), "\(exposed.error)")
        #expect(!exposed.error.contains(secret))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: wrong.path)
        let refused = try campus.run(arguments: arguments)
        #expect(refused.status == 1)
        #expect(refused.error.contains(server.adminDN) && refused.error.contains(wrong.path))
        #expect(!refused.error.contains(secret) && !refused.output.contains(secret))
        #expect(refused.error.contains("last good directory sync"))
        #expect(try campus.run("person", "valer").status == 0)

        let password = campus.home.appendingPathComponent("admin.password")
        try FileManager.default.copyItem(atPath: server.adminPasswordFile, toPath: password.path)
        arguments[arguments.firstIndex(of: wrong.path)!] = password.path
        server.stop()
        let down = try campus.run(arguments: arguments)
        #expect(down.status == 1)
        #expect(down.error.contains(server.url), "\(down.error)")
        #expect(try campus.run("person", "valer").status == 0)
    }

    @Test("campus photo writes the directory's JPEG; a person without one is told so")
    func photo() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "directory", "--ldif", Self.fixture).status == 0)
        let listing = try #require(try campus.run("search", "--affiliation", "faculty", "--limit", "5000", "--json").json() as? [String: Any])
        let usernames = (listing["matches"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        var photographed: String?
        for username in usernames {
            let card = try #require(try campus.run("person", username, "--json").json() as? [String: Any])
            if card["hasPhoto"] as? Bool == true { photographed = username; break }
        }
        let someone = try #require(photographed, "the fixture should hold a faculty member with a photo")
        let photo = try campus.run("photo", someone)
        #expect(photo.status == 0)
        #expect(Array(photo.outputData.prefix(2)) == [0xFF, 0xD8])
        #expect(Array(photo.outputData.suffix(2)) == [0xFF, 0xD9])
        let card = try campus.run("person", someone, "--vcard").output.replacingOccurrences(of: "\r\n ", with: "")
        #expect(card.contains("PHOTO:data:image/jpeg;base64," + photo.outputData.base64EncodedString()))
    }

    @Test("a username held by two entries is named in a warning, and the last entry read is kept")
    func repeatedUsername() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let fixture = try String(contentsOfFile: Self.fixture, encoding: .utf8)
        let again = """

            dn: uid=valer,ou=Visitors,dc=rose-hulman,dc=edu
            objectClass: inetOrgPerson
            uid: valer
            cn: Robin Vale
            sn: Vale
            title: Visiting Professor

            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("campus-repeated-\(UUID().uuidString).ldif")
        defer { try? FileManager.default.removeItem(at: file) }
        try (fixture.trimmingCharacters(in: .newlines) + "\n" + again).write(to: file, atomically: true, encoding: .utf8)
        let sync = try campus.run("sync", "directory", "--ldif", file.path)
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.error.contains("warning: 1 username is held by more than one entry (valer); the last entry read of each is kept"), "\(sync.error)")
        #expect(try campus.run("person", "valer").output.contains("Visiting Professor"))
        let clean = try campus.run("sync", "directory", "--ldif", Self.fixture)
        #expect(clean.status == 0 && !clean.error.contains("more than one entry"), "\(clean.error)")
    }
}
