import Foundation
import Testing

/// Lookups of the command line through a live `campus serve` (slapd checking its log-ins), as
/// the person logged in: the same output as the local index gives its operator where the
/// policy shows the same, the server's refusal where it does not, and words for a server
/// gone or a log-in ended.
@Suite("campus lookups through the campus server", .serialized)
struct ServerLookupsEndToEndTests {
    private func logIn(_ setting: LoginEndToEndTests.Setting, _ username: String) throws {
        let login = try LoginEndToEndTests().run(
            setting, ["login", setting.server.address, "--username", username, "--password-stdin"], input: "demo-\(username)\n")
        #expect(login.status == 0, "\(login.output)\(login.error)")
    }

    private func computer(_ setting: LoginEndToEndTests.Setting, _ arguments: String...) throws -> CampusRunner.Result {
        try LoginEndToEndTests().run(setting, arguments, input: "")
    }

    @Test("the registrar's lookups through the server (search, schedules, histories, cards, vCards, terms, courses, rosters, rooms, free rooms, e-mail, photos) print byte for byte what the local index prints")
    func registrarSeesWhatTheIndexPrints() throws {
        let setting = try LoginEndToEndTests.Setting()
        defer { setting.stop() }
        // With nobody suppressed, the registrar's view and the operator's are the same.
        let ldif = try String(contentsOf: CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif"), encoding: .utf8)
        let open = setting.campus.home.appendingPathComponent("open.ldif")
        try ldif.replacingOccurrences(of: "campusPrivacy: suppress\n", with: "").write(to: open, atomically: true, encoding: .utf8)
        let synced = try setting.campus.run("sync", "directory", "--ldif", open.path)
        #expect(synced.status == 0, "\(synced.error)")
        try logIn(setting, "marchk")
        let lookups = [
            ["schedule", "brennam", "--term", "202630"], ["schedule", "brennam", "--term", "202630", "--json"],
            ["schedule", "whitfid", "--term", "202630", "--csv"], ["schedule", "brennam", "--term", "202630", "--format", "text"],
            ["history", "brennam"], ["history", "whitfid", "--json"], ["history", "brennam", "--csv"],
            ["person", "whitfid"], ["person", "brennam", "--json"], ["terms"], ["terms", "--json"],
            ["instructor", "whitfid", "--term", "202630"], ["instructor", "whitfid", "--term", "202630", "--json"],
            ["course", "CSSE4", "--term", "202630"], ["course", "CSSE", "--term", "202630", "--json"],
            ["roster", "CSSE415-03", "--term", "202630"], ["roster", "CSSE474", "--term", "202630", "--json"],
            ["roster", "CSSE415-03", "--term", "202630", "--csv"], ["roster", "CSSE474", "--term", "202630", "--csv"], ["email", "whitfid"], ["email", "brennam", "--json"],
            ["search", "whitfield"], ["search", "CSSE4", "--json"], ["search", "brennam"], ["search", "--dept", "comp", "--csv", "--limit", "600"],
            ["room", "O169", "--term", "202630"], ["room", "O169", "--term", "202630", "--at", "M 9:00", "--json"], ["person", "whitfid", "--vcard"],
            ["rooms", "free", "--at", "M 10:00", "--term", "202630"], ["rooms", "free", "--at", "T 1:00pm", "--for", "2h", "--building", "O", "--term", "202630", "--json"],
            ["rooms", "free", "--at", "F 9:00", "--term", "202630", "--csv"],
            ["overlay", "brennam", "whitfid", "--term", "202630"], ["overlay", "brennam", "oyelarn", "--term", "202630", "--json", "--top", "3"],
            ["overlay", "--roster", "CSSE474-02", "--term", "202630", "--days", "MWF", "--between", "9:00-16:00", "--min", "60"],
            ["overlay", "brennam", "whitfid", "--term", "202630", "--week", "2026-03-30", "--evening"],
            ["meet", "brennam", "whitfid", "oyelarn", "--term", "202630"], ["meet", "brennam", "whitfid", "--term", "202630", "--for", "1h", "--json"],
            ["meet", "brennam", "whitfid", "--term", "202630", "--days", "MWF", "--rooms", "0", "--top", "5"],
            ["changes"], ["changes", "--json"], ["changes", "--term", "202630", "--csv"],
        ]
        for arguments in lookups {
            let local = try setting.campus.run(arguments: arguments)
            let remote = try LoginEndToEndTests().run(setting, arguments, input: "")
            #expect(local.status == remote.status && (local.status == 0 || arguments.contains("--at")), "\(arguments): \(local.error)\(remote.error)")
            #expect(!local.output.isEmpty && remote.output == local.output, "\(arguments):\n\(remote.output)\n---\n\(local.output)")
        }
        // The invitation is the server's, organized by the person logged in.
        let invitation = try computer(setting, "meet", "brennam", "whitfid", "--term", "202630", "--week", "2026-03-30", "--invite", "1")
        #expect(invitation.status == 0 && invitation.output.contains("BEGIN:VEVENT") && invitation.output.contains("ORGANIZER"), "\(invitation.error)")
        let busy = try computer(setting, "overlay", "brennam", "--busy", "/tmp/none.ics", "--term", "202630")
        #expect(busy.status == 1 && busy.error.contains("--busy reads calendar files on this computer"), "\(busy.error)")

        let photo = try setting.campus.run("photo", "whitfid")
        #expect(photo.status == 0 && !photo.outputData.isEmpty, "\(photo.error)")
        #expect(try computer(setting, "photo", "whitfid").outputData == photo.outputData)
    }

    @Test("a student sees her own schedule as the index prints it; another's is refused with the rule the server names, exit 1")
    func studentGetsThePolicysAnswers() throws {
        let setting = try LoginEndToEndTests.Setting()
        defer { setting.stop() }
        try logIn(setting, "brennam")
        let own = try computer(setting, "schedule", "brennam", "--term", "202630")
        let local = try setting.campus.run("schedule", "brennam", "--term", "202630")
        #expect(own.status == 0 && own.output == local.output, "\(own.error)")
        let card = try computer(setting, "person", "whitfid")
        let localCard = try setting.campus.run("person", "whitfid")
        #expect(card.status == 0 && card.output == localCard.output, "directory information: \(card.error)")
        let other = try computer(setting, "schedule", "fenwicp", "--term", "202630")
        #expect(other.status == 1 && other.output.isEmpty, "\(other.output)")
        #expect(other.error.contains("schedule"), "the rule is named: \(other.error)")
        let json = try computer(setting, "schedule", "fenwicp", "--term", "202630", "--json")
        let problem = try JSONSerialization.jsonObject(with: json.outputData) as? [String: Any]
        #expect(json.status == 1 && problem?["type"] as? String == "urn:campus-lookup:problem:forbidden", "\(json.output)")
        let unknown = try computer(setting, "schedule", "brennam", "--term", "201010")
        #expect(unknown.status == 1 && unknown.error.contains("201010"), "\(unknown.error)")
    }

    @Test("a log-in ended elsewhere says to run campus login; a server gone says it cannot be reached and why")
    func failuresSaidInWords() async throws {
        let setting = try LoginEndToEndTests.Setting()
        defer { setting.stop() }
        try logIn(setting, "brennam")
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: setting.loginFile)) as? [String: Any]
        let token = try #require(saved?["token"] as? String)
        #expect(try await TestHTTPClient.send(setting.server.address + "/v1/session", method: "DELETE", token: token).status == 204)
        let ended = try computer(setting, "schedule", "brennam", "--term", "202630")
        #expect(ended.status == 1 && ended.error.contains("run campus login"), "\(ended.error)")

        for command in ["audit", "reparse"] {
            let local = try computer(setting, command)
            #expect(local.status == 1 && local.error.contains("this command reads a local index only"), "\(command): \(local.error)")
        }
        let elsewhere = try computer(setting, "history", "brennam", "--server", "https://campus.example.edu")
        #expect(elsewhere.status == 1 && elsewhere.error.contains("not logged in to https://campus.example.edu"), "\(elsewhere.error)")
        let both = try computer(setting, "history", "brennam", "--server", setting.server.address, "--index", "/tmp/none.sqlite")
        #expect(both.status == 1 && both.error.contains("leave out --server"), "\(both.error)")

        try logIn(setting, "brennam")
        #expect(setting.server.terminate() == 0)
        let gone = try computer(setting, "schedule", "brennam", "--term", "202630")
        #expect(gone.status == 1 && gone.error.contains("cannot reach the campus server at \(setting.server.address)"), "\(gone.error)")
        #expect(gone.error.contains("nothing answers at that address"), "\(gone.error)")
    }

    @Test("favorites are kept on the server as the person's own: added, listed as the index lists them (teachers' classes, which members see), removed and cleared")
    func favoritesKeptOnTheServer() throws {
        let setting = try LoginEndToEndTests.Setting()
        defer { setting.stop() }
        try logIn(setting, "brennam")
        for (name, group) in [("whitfid", "lab"), ("kincaib", "lab"), ("ambrosf", "profs")] {
            let added = try computer(setting, "favorites", "add", name, "--group", group)
            #expect(added.status == 0 && added.output == "added \(name) to \(group)\n", "\(added.output)\(added.error)")
            #expect(try setting.campus.run("favorites", "add", name, "--group", group).status == 0)
        }
        #expect(try computer(setting, "favorites", "add", "whitfid", "--group", "lab").output == "whitfid is already in lab\n")
        let remote = try computer(setting, "favorites", "list", "--group", "lab")
        let local = try setting.campus.run("favorites", "list", "--group", "lab")
        #expect(remote.status == 0 && remote.output == local.output, "\(remote.output)\n---\n\(local.output)\(remote.error)")
        let json = try JSONSerialization.jsonObject(with: try computer(setting, "favorites", "list", "--json").outputData) as? [String: Any]
        #expect(json?["total"] as? Int == 3, "\(String(describing: json))")
        let removed = try computer(setting, "favorites", "remove", "kincaib", "--group", "lab")
        #expect(removed.status == 0 && removed.output == "removed kincaib from lab\n", "\(removed.error)")
        let missing = try computer(setting, "favorites", "remove", "kincaib", "--group", "lab")
        #expect(missing.status == 1 && missing.error.contains("kincaib is not in lab"), "\(missing.error)")
        let cleared = try computer(setting, "favorites", "clear")
        #expect(cleared.status == 0 && cleared.output == "removed 2 favorites\n", "\(cleared.output)\(cleared.error)")
    }

    /// The answers kept on the person's computer, each file's name and mode.
    private func kept(_ setting: LoginEndToEndTests.Setting) -> [(name: String, mode: Int)] {
        let folder = setting.computer.home.appendingPathComponent("cache/campus/answers")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.map { name in
            (name, ((try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path))?[.posixPermissions] as? Int) ?? -1)
        }
    }

    @Test("with the server gone, the weeks, favorites and courses looked up last answer from the cache, saying offline as of when; --no-cache refuses; logout empties it")
    func offlineAnswersFromWhatTheServerGaveLast() throws {
        let setting = try LoginEndToEndTests.Setting()
        defer { setting.stop() }
        try logIn(setting, "brennam")
        #expect(try computer(setting, "favorites", "add", "whitfid").status == 0)
        let asked = [["schedule", "brennam", "--term", "202630"], ["schedule", "brennam", "--term", "202630", "--json"], ["favorites", "list"],
                     ["course", "CSSE4", "--term", "202630"], ["instructor", "whitfid", "--term", "202630"]]
        var online: [[String]: String] = [:]
        for arguments in asked {
            let answer = try LoginEndToEndTests().run(setting, arguments, input: "")
            #expect(answer.status == 0 && answer.error.isEmpty, "\(arguments): \(answer.error)")
            online[arguments] = answer.output
        }
        #expect(try computer(setting, "person", "whitfid").status == 0)
        let files = kept(setting)
        #expect(!files.isEmpty && files.allSatisfy { $0.mode == 0o600 }, "\(files)")
        let folder = setting.computer.home.appendingPathComponent("cache/campus/answers")
        #expect((try FileManager.default.attributesOfItem(atPath: folder.path))[.posixPermissions] as? Int == 0o700)
        for file in files {
            #expect(!(try String(contentsOf: folder.appendingPathComponent(file.name), encoding: .utf8)).contains("demo-brennam"), "never the password")
        }

        #expect(setting.server.terminate() == 0)
        for arguments in asked {
            let offline = try LoginEndToEndTests().run(setting, arguments, input: "")
            #expect(offline.status == 0 && offline.output == online[arguments], "\(arguments): \(offline.error)")
            #expect(offline.error.hasPrefix("offline: as of ") && offline.error.contains("cannot reach the campus server"), "\(offline.error)")
        }
        let card = try computer(setting, "person", "whitfid")
        #expect(card.status == 1 && card.error.contains("cannot reach the campus server"), "cards are not kept: \(card.error)")
        let refused = try computer(setting, "schedule", "brennam", "--term", "202630", "--no-cache")
        #expect(refused.status == 1 && refused.output.isEmpty && refused.error.contains("cannot reach the campus server"), "\(refused.error)")

        let logout = try computer(setting, "logout")
        #expect(logout.status == 0, "\(logout.error)")
        #expect(kept(setting).isEmpty && !FileManager.default.fileExists(atPath: folder.path))
        let after = try computer(setting, "schedule", "brennam", "--term", "202630", "--server", setting.server.address)
        #expect(after.status == 1 && after.output.isEmpty, "\(after.output)")
    }

    @Test("a schedule shared by consent and then revoked is refused once the server is reached, and not answered from the cache after")
    func revokedConsentLeavesTheCache() async throws {
        let setting = try LoginEndToEndTests.Setting()
        defer { setting.stop() }
        let session = try await TestHTTPClient.send(setting.server.address + "/v1/session", method: "POST", json: ["username": "brennam", "password": "demo-brennam"])
        let token = try #require((try JSONSerialization.jsonObject(with: session.data) as? [String: Any])?["token"] as? String)
        let shared = try await TestHTTPClient.send(setting.server.address + "/v1/me/sharing", method: "POST", token: token, json: ["with": "quinna"])
        #expect(shared.status == 201, "\(String(decoding: shared.data, as: UTF8.self))")
        let consent = try #require((try JSONSerialization.jsonObject(with: shared.data) as? [String: Any])?["id"])

        try logIn(setting, "quinna")
        let seen = try computer(setting, "schedule", "brennam", "--term", "202630")
        #expect(seen.status == 0 && seen.output.contains("CSSE"), "\(seen.error)")
        #expect(kept(setting).count == 1)

        let revoked = try await TestHTTPClient.send(setting.server.address + "/v1/me/sharing/\(consent)", method: "DELETE", token: token)
        #expect(revoked.status == 204)
        let refused = try computer(setting, "schedule", "brennam", "--term", "202630")
        #expect(refused.status == 1 && refused.output.isEmpty && refused.error.contains("schedule"), "\(refused.error)")
        #expect(kept(setting).isEmpty, "the refused answer is forgotten")

        #expect(setting.server.terminate() == 0)
        let offline = try computer(setting, "schedule", "brennam", "--term", "202630")
        #expect(offline.status == 1 && offline.output.isEmpty && offline.error.contains("cannot reach the campus server"), "\(offline.error)")
    }

    @Test("a session ended on the server empties the cache at the next answer")
    func endedSessionEmptiesTheCache() async throws {
        let setting = try LoginEndToEndTests.Setting()
        defer { setting.stop() }
        try logIn(setting, "brennam")
        #expect(try computer(setting, "schedule", "brennam", "--term", "202630").status == 0)
        #expect(try computer(setting, "course", "CSSE4", "--term", "202630").status == 0)
        #expect(kept(setting).count == 2)
        let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: setting.loginFile)) as? [String: Any]
        let token = try #require(saved?["token"] as? String)
        #expect(try await TestHTTPClient.send(setting.server.address + "/v1/session", method: "DELETE", token: token).status == 204)
        let ended = try computer(setting, "course", "CSSE4", "--term", "202630")
        #expect(ended.status == 1 && ended.error.contains("run campus login"), "\(ended.error)")
        #expect(kept(setting).isEmpty)
        #expect(setting.server.terminate() == 0)
        #expect(try computer(setting, "schedule", "brennam", "--term", "202630").status == 1)
    }

    @Test("Tab offers the usernames and sections that match what is typed, from the server as the person logged in, or from an index named")
    func completionsComeFromTheServer() throws {
        let setting = try LoginEndToEndTests.Setting()
        defer { setting.stop() }
        let none = try computer(setting, "---completion", "schedule", "--", "positional@0", "2", "3", "campus", "schedule", "whi")
        #expect(none.status == 0 && none.output.isEmpty, "not logged in, nothing to offer: \(none.output)\(none.error)")
        try logIn(setting, "brennam")
        let people = try computer(setting, "---completion", "schedule", "--", "positional@0", "2", "3", "campus", "schedule", "whi")
        #expect(people.status == 0 && people.output.split(separator: "\n").contains("whitfid"), "\(people.output)\(people.error)")
        let sections = try computer(setting, "---completion", "roster", "--", "positional@0", "2", "7", "campus", "roster", "CSSE474")
        let ids = sections.output.split(separator: "\n").map(String.init)
        #expect(!ids.isEmpty && ids.allSatisfy { $0.hasPrefix("CSSE474-") }, "\(sections.output)\(sections.error)")
        let local = try computer(setting, "---completion", "person", "--", "positional@0", "4", "3", "campus", "person", "--index", setting.campus.indexPath, "bre")
        #expect(local.output.split(separator: "\n").contains("brennam"), "\(local.output)\(local.error)")
    }
}
