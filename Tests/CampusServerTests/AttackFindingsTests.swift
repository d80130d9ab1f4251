import CampusCore
import CampusLookup
import Foundation
import SlapdHarness
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What probing `campus serve` as an attacker would (ferpa-strict, the demo campus, a real
/// slapd) found once, each kept as a test. Enrollment is an education record: nothing a
/// student may be shown of another student may tell whether, when or how much they take.
@Suite("The API under attack: found by an attacker's probe", .serialized)
struct AttackFindingsTests {
    /// Demo students: brandtn1 took classes in 202620 only, quinna never, holte in 202640 only.
    static let students = ["brandtn1", "quinna", "holte"]

    @Test("a card tells a student nothing of another student's terms: no term, no registrar link, for one enrolled or not")
    func cardsHoldNoEnrollment() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let student = try await server.logIn("brennam")
        for other in Self.students {
            let card = try await server.send(.GET, "/v1/people/\(other)", token: student)
            #expect(card.status == 200, "\(card.text)")
            let link = try #require(card.json["schedule"] as? [String: Any], "\(card.text)")
            #expect(link["term"] is NSNull && link["url"] is NSNull, "\(other): \(card.text)")
        }
        // Whom the schedule rule allows still sees where to look: the advisor (grangek1 of
        // brandtn1), and a student sees the term a faculty member teaches in (a listing).
        let advisor = try await server.logIn("grangek1")
        let advised = try await server.send(.GET, "/v1/people/brandtn1", token: advisor)
        #expect((advised.json["schedule"] as? [String: Any])?["term"] as? String == "202620", "\(advised.text)")
        let faculty = try await server.send(.GET, "/v1/people/whitfid", token: student)
        #expect((faculty.json["schedule"] as? [String: Any])?["term"] as? String == "202640", "\(faculty.text)")
    }

    @Test("a favorites list tells a student nothing of a favorite student's terms")
    func favoritesHoldNoEnrollment() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let student = try await server.logIn("brennam")
        for other in Self.students + ["whitfid"] {
            #expect(try await server.send(.PUT, "/v1/me/favorites/\(other)?group=probe", token: student).status < 300)
        }
        let list = try await server.send(.GET, "/v1/me/favorites?group=probe", token: student)
        let favorites = list.json["favorites"] as? [[String: Any]] ?? []
        #expect(favorites.count == 4, "\(list.text)")
        for favorite in favorites {
            let username = favorite["username"] as? String ?? ""
            let sections = favorite["sections"] as? [[String: Any]] ?? []
            if username == "whitfid" {
                #expect((favorite["term"] as? [String: Any])?["code"] as? String == "202640", "a listing: \(favorite)")
                #expect(!sections.isEmpty && sections.allSatisfy { $0["role"] as? String == "instructor" })
            } else {
                #expect(favorite["term"] is NSNull && sections.isEmpty, "\(username): \(favorite)")
                #expect(favorite["now"] is NSNull && favorite["next"] is NSNull)
            }
        }
    }

    @Test("a saved person who opts out stays listed, as a username the index does not know, and is removed as any other; a name never saved is not found")
    func optOutsLookLikeDepartures() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let server = try await LiveServer.start(directory: slapd)
        defer { Task { await server.stop() } }
        let owner = try await server.logIn("whitfid")
        for saved in ["brennam", "oyelarn"] {
            #expect(try await server.send(.PUT, "/v1/me/favorites/\(saved)?group=watch", token: owner).status < 300)
        }
        try slapd.modify(ldif: Self.optOut("brennam", slapd) + Self.removal("oyelarn", slapd))
        let sync = await server.service.refreshDirectory(full: true, now: Date())
        #expect(sync.succeeded, "\(sync.summary)")
        let list = try await server.send(.GET, "/v1/me/favorites?group=watch", token: owner)
        let favorites = list.json["favorites"] as? [[String: Any]] ?? []
        #expect(favorites.map { $0["username"] as? String } == ["brennam", "oyelarn"], "\(list.text)")
        // The one who opted out is a username the index knows nothing of; the one who left the
        // directory is still the registrar's student.
        #expect(favorites.first?["inIndex"] as? Bool == false && favorites.first?["person"] is NSNull, "\(list.text)")
        #expect(favorites.first?["term"] is NSNull && (favorites.first?["sections"] as? [Any])?.isEmpty == true)
        #expect(favorites.last?["inIndex"] as? Bool == true, "\(list.text)")
        #expect(try await server.send(.DELETE, "/v1/me/favorites/brennam?group=watch", token: owner).status == 204)
        #expect(try await server.send(.DELETE, "/v1/me/favorites/oyelarn?group=watch", token: owner).status == 204)
        #expect(try await server.send(.DELETE, "/v1/me/favorites/quinna?group=watch", token: owner).status == 404)
    }

    /// An LDIF change marking the demo person `username` suppressed (FERPA opt-out).
    static func optOut(_ username: String, _ slapd: SlapdServer) -> String {
        "dn: uid=\(username),ou=People,\(slapd.baseDN)\nchangetype: modify\nadd: campusPrivacy\ncampusPrivacy: suppress\n\n"
    }

    /// An LDIF change removing the demo person `username` from the directory.
    static func removal(_ username: String, _ slapd: SlapdServer) -> String {
        "dn: uid=\(username),ou=People,\(slapd.baseDN)\nchangetype: delete\n\n"
    }

    /// The path of a feed URL the server answered with.
    private func feedPath(_ answer: ServerAnswer, _ server: some ServerUnderTest) -> String {
        let url = answer.json["url"] as? String ?? ""
        return url.range(of: "/v1/feeds/").map { String(url[$0.lowerBound...]) } ?? url
    }

    @Test("a password change or leaving the directory ends a person's sessions and links; an opt-out stops their feeds; log out everywhere ends every session")
    func sessionsAndLinksEndWithWhatAllowedThem() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let server = try await LiveServer.start(directory: slapd)
        defer { Task { await server.stop() } }
        var tokens: [String: String] = [:]
        var feeds: [String: String] = [:]
        for person in ["holte", "brennam", "oyelarn", "fenwicp"] {
            let token = try await server.logIn(person)
            tokens[person] = token
            let share = try await server.send(.POST, "/v1/me/shares", token: token, json: ["content": "schedule"])
            #expect(share.status == 201, "\(share.text)")
            feeds[person] = feedPath(share, server)
            #expect(try await server.send(.GET, feeds[person] ?? "").status == 200)
        }
        // The directory keeps pwdChangedTime to the second: the change must fall in a later second than the log-ins.
        try await Task.sleep(for: .milliseconds(1_100))
        let newPassword = "dn: uid=holte,ou=People,\(slapd.baseDN)\nchangetype: modify\nreplace: userPassword\nuserPassword: a-new-password\n\n"
        try slapd.modify(ldif: newPassword + Self.optOut("brennam", slapd) + Self.removal("oyelarn", slapd))
        // Nothing changes before a sync records it ...
        #expect(try await server.send(.GET, "/v1/me", token: tokens["holte"]).status == 200)
        let sync = await server.service.refreshDirectory(full: true, now: Date())
        #expect(sync.succeeded, "\(sync.summary)")
        // ... and everything at once after.
        #expect(try await server.send(.GET, "/v1/me", token: tokens["holte"]).status == 401, "password changed")
        #expect(try await server.send(.POST, "/v1/me/shares", token: tokens["holte"], json: ["content": "schedule"]).status == 401)
        #expect(try await server.send(.GET, feeds["holte"] ?? "").status == 404)
        #expect(try await server.send(.GET, "/v1/me", token: tokens["oyelarn"]).status == 401, "left the directory")
        #expect(try await server.send(.GET, feeds["oyelarn"] ?? "").status == 404)
        #expect(try await server.send(.GET, "/v1/me", token: tokens["brennam"]).status == 200, "ferpa-strict shows the suppressed themselves")
        #expect(try await server.send(.GET, feeds["brennam"] ?? "").status == 404, "an opt-out stops the feeds made before it")
        #expect(try await server.send(.GET, feeds["fenwicp"] ?? "").status == 200, "nothing changed for fenwicp")
        #expect(try await server.send(.POST, "/v1/session", json: ["username": "holte", "password": "a-new-password"]).status == 200)

        let other = try await server.logIn("fenwicp")
        #expect(try await server.send(.DELETE, "/v1/me/sessions", token: other).status == 204)
        for token in [other, tokens["fenwicp"]] {
            #expect(try await server.send(.GET, "/v1/me", token: token).status == 401, "log out everywhere")
        }
    }

    @Test("the web app's shares page logs out everywhere, with the page's form token only, and says when each link ends")
    func webLogOutEverywhere() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let phone = try await server.logIn("fenwicp")
        let laptop = try await server.logIn("fenwicp")
        #expect(try await server.post("/shares", [("content", "schedule")], session: laptop).status == 201)
        let page = try await server.page("/shares", session: laptop)
        #expect(page.readable.contains("works until") && page.readable.contains("Log out everywhere"), "\(page.readable.suffix(400))")
        #expect(try await server.post("/logout-everywhere", [], session: laptop, csrf: "guessed").status == 403)
        #expect(try await server.send(.GET, "/v1/me", token: phone).status == 200, "a forged form ends nothing")
        let out = try await server.post("/logout-everywhere", [], session: laptop)
        #expect(out.status == 303 && out.header("Location") == "/login", "\(out.status)")
        for token in [phone, laptop] {
            #expect(try await server.send(.GET, "/v1/me", token: token).status == 401)
        }
    }

    @Test("links last their term, and links, favorites groups and their members are capped per person, requests sent at once included")
    func linksAndGroupsAreCapped() async throws {
        let server = try await RoutedServer.start(["--clock", "2026-03-30T10:05"])
        defer { Task { await server.stop() } }
        let student = try await server.logIn("brennam")
        let caller = try await server.service.caller(token: student, now: server.service.now())
        // Forty at once, as a script would send them: twenty are kept.
        let made = await withTaskGroup(of: Share?.self) { group in
            for _ in 0..<40 {
                group.addTask { try? await server.service.createShare(.schedule, as: caller, now: server.service.now()).share }
            }
            return await group.reduce(into: [Share]()) { if let share = $1 { $0.append(share) } }
        }
        #expect(made.count == 20, "\(made.count) links kept")
        // The spring term's finals end in late May: a link lasts the term, not for ever.
        #expect(made.allSatisfy { Timestamp.text($0.expiresAt) > "2026-05-01" && Timestamp.text($0.expiresAt) < "2026-06-30" })
        let more = try await server.send(.POST, "/v1/me/shares", token: student, json: ["content": "schedule"])
        #expect(more.status == 409 && (more.json["type"] as? String)?.hasSuffix("limit-reached") == true, "\(more.text)")
        #expect(try await server.send(.DELETE, "/v1/me/shares/\(made[0].id)", token: student).status == 204)
        #expect(try await server.send(.POST, "/v1/me/shares", token: student, json: ["content": "schedule"]).status == 201)

        let groups = await withTaskGroup(of: Bool.self) { group in
            for number in 0..<40 {
                group.addTask { (try? await server.service.addFavorite("whitfid", group: "g\(number)", as: caller, now: Date())) == true }
            }
            return await group.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(groups == 20, "\(groups) groups kept")
        #expect(try await server.send(.PUT, "/v1/me/favorites/whitfid?group=another", token: student).status == 409, "a 21st group")
        let directory = try String(contentsOf: DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif"), encoding: .utf8)
        let suppressed = ["ashbye", "holtq"]
        let people = directory.components(separatedBy: "\n").filter { $0.hasPrefix("uid: ") }.map { String($0.dropFirst(5)) }
            .filter { !suppressed.contains($0) && $0 != "whitfid" }
        try #require(people.count > 240)
        let kept = try await server.service.keptFavorites(as: caller)
        let full = try #require(kept.first?.group)
        let members = await withTaskGroup(of: Bool.self) { tasks in
            for person in people.prefix(240) {
                tasks.addTask { (try? await server.service.addFavorite(person, group: full, as: caller, now: Date())) == true }
            }
            return await tasks.reduce(into: 0) { $0 += $1 ? 1 : 0 }
        }
        #expect(members == 199, "\(members) more kept beside whitfid, of 240 sent at once")
        #expect(try await server.send(.PUT, "/v1/me/favorites/whitfid?group=\(full)", token: student).status == 200, "kept already")
    }

    @Test("a link ends share-days after it is made")
    func linksExpire() async throws {
        let brief = try await RoutedServer.start(["--share-days", "\(1.5 / 86_400)"])
        defer { Task { await brief.stop() } }
        let share = try await brief.send(.POST, "/v1/me/shares", token: try await brief.logIn("brennam"), json: ["content": "schedule"])
        let path = feedPath(share, brief)
        #expect(try await brief.send(.GET, path).status == 200)
        try await Task.sleep(for: .milliseconds(1_600))
        #expect(try await brief.send(.GET, path).status == 404, "past share-days")
    }

    @Test("each fetch of a link is recorded for each person whose schedule it shows, as a disclosure to the link")
    func feedsAreDisclosuresToTheLink() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let advisor = try await server.logIn("whitfid")
        for member in ["whitfid", "fenwicp"] {
            _ = try await server.send(.PUT, "/v1/me/favorites/\(member)?group=solo", token: advisor)
        }
        let group = try await server.send(.POST, "/v1/me/shares", token: advisor, json: ["content": "overlay", "group": "solo"])
        let student = try await server.logIn("fenwicp")
        let own = try await server.send(.POST, "/v1/me/shares", token: student, json: ["content": "schedule"])
        for share in [group, own] {
            #expect(try await server.send(.GET, feedPath(share, server)).status == 200)
        }
        let registrar = try await server.logIn("marchk")
        let record = try await server.send(.GET, "/v1/audit?limit=100", token: registrar)
        let fetched = (record.json["disclosures"] as? [[String: Any]] ?? []).filter { ($0["viewer"] as? String)?.hasPrefix("share:") == true }
        let pairs = Set(fetched.map { "\($0["viewer"] as? String ?? "") \($0["subject"] as? String ?? "")" })
        #expect(pairs == ["share:\(group.json["id"] as? String ?? "") whitfid", "share:\(own.json["id"] as? String ?? "") fenwicp"], "\(record.text.prefix(800))")
        // The advisee's week is no part of the group's link: a one-member group of an advisee is not shareable at all.
        _ = try await server.send(.DELETE, "/v1/me/favorites/whitfid?group=solo", token: advisor)
        let solo = try await server.send(.POST, "/v1/me/shares", token: advisor, json: ["content": "overlay", "group": "solo"])
        #expect(solo.status == 403 && (solo.json["type"] as? String)?.hasSuffix("not-shareable") == true, "\(solo.text)")
        #expect(try await server.send(.GET, feedPath(group, server)).status == 404, "the group's link now has nobody it may show")
    }

    @Test("sixty wrong passwords tried at once reach the directory at most as often as the throttle allows")
    func throttleCannotBeRaced() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let server = try await LiveServer.start(directory: slapd)
        defer { Task { await server.stop() } }
        // All at once, past any client's connection limit: the service itself, as sixty requests reach it.
        let outcomes = await withTaskGroup(of: String.self) { group in
            for _ in 0..<60 {
                group.addTask {
                    do {
                        _ = try await server.service.logIn(username: "quinna", password: "wrong", address: "198.51.100.7", now: Date())
                        return "in"
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        let failed = outcomes.filter { $0 == "\(CampusError.loginFailed)" }.count
        #expect(failed == 10, "\(failed) of 60 were tried against the directory; the rest locked")
        let log = try String(contentsOfFile: slapd.directory + "/slapd.log", encoding: .utf8)
        let binds = log.components(separatedBy: "\n").filter { $0.contains("BIND dn=\"uid=quinna,") }
        #expect(binds.count <= 10, "\(binds.count) binds as quinna reached slapd")
    }

    @Test("a stranger's wrong passwords lock only their own address out: the person logs in from anywhere else, behind a proxy on this machine (docs/deploying.md) or elsewhere",
          arguments: [[], ["--behind-proxy"]])
    func nobodyLocksAnotherOut(proxy: [String]) async throws {
        let server = try await LiveServer.start(proxy + ["--trusted-proxy", "127.0.0.1", "--login-failures", "3"])
        defer { Task { await server.stop() } }
        func logIn(_ password: String, from address: String) async throws -> Int {
            let answer = try await server.send(.POST, "/v1/session", json: ["username": "quinna", "password": password],
                                               headers: [("X-Forwarded-For", address)])
            if answer.status >= 500 { Issue.record("\(answer.text)") }
            return answer.status
        }
        for _ in 0..<3 { #expect(try await logIn("wrong", from: "203.0.113.9") == 401) }
        #expect(try await logIn("demo-quinna", from: "203.0.113.9") == 429, "the stranger's address is locked for quinna")
        let own = try await logIn("demo-quinna", from: "198.51.100.4")
        #expect(own == 200, "quinna, from her own address, is not locked: \(own)")
    }

    @Test("each way of writing a name counts toward one lock, and an IPv6 client is one client across its /64")
    func throttleCountsPeopleAndNetworks() async throws {
        let server = try await RoutedServer.start(["--login-failures", "3"])
        defer { Task { await server.stop() } }
        func outcome(_ name: String, _ password: String, from address: String) async -> String {
            do {
                _ = try await server.service.logIn(username: name, password: password, address: address, now: Date())
                return "in"
            } catch {
                return "\(error)"
            }
        }
        let locked = "\(CampusError.loginThrottled(retryAfter: 900))".prefix(20)
        for name in ["quinna", "quinna@rose-hulman.edu", "QUINNA"] {
            #expect(await outcome(name, "wrong", from: "203.0.113.9") == "\(CampusError.loginFailed)")
        }
        #expect(await outcome("quinna@rose-hulman.edu", "demo-quinna", from: "203.0.113.9").hasPrefix(locked), "one lock for every spelling")
        #expect(await outcome("quinna", "demo-quinna", from: "198.51.100.4") == "in")

        for host in ["a", "b", "c"] {
            #expect(await outcome("oyelarn", "wrong", from: "2001:db8:1:2::\(host)") == "\(CampusError.loginFailed)")
        }
        #expect(await outcome("oyelarn", "demo-oyelarn", from: "2001:0db8:0001:0002:0000:0000:0000:00ff").hasPrefix(locked), "the same /64")
        #expect(await outcome("oyelarn", "demo-oyelarn", from: "2001:db8:1:3::a") == "in", "another /64")
    }

    @Test("an overlay naming hundreds of unknown people looks up close matches for the first few only")
    func unknownNamesCostLittle() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("brennam")
        // Each two letters from a real username: every one has a close match to look up.
        let letters = "abcdefghijklmnopqrstuvwxyz"
        let names = letters.flatMap { first in letters.map { "brennam\(first)\($0)" } }.prefix(400).map { String($0) }
        let answer = try await server.send(.POST, "/v1/overlay", token: token, json: ["members": names])
        #expect(answer.status == 404 && (answer.json["type"] as? String)?.hasSuffix("unknown-people") == true)
        let detail = answer.json["detail"] as? String ?? ""
        #expect(names.allSatisfy { detail.contains("'\($0)'") }, "every unknown name is named")
        #expect(detail.components(separatedBy: "did you mean").count - 1 <= 3, "\(detail.prefix(400))")
    }

    @Test("/readyz is 503 while the index is marked damaged, removed, or the directory is gone; an index renamed over the old one is served")
    func readinessFollowsTheIndexAndTheDirectory() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let server = try await LiveServer.start(directory: slapd)
        defer { Task { await server.stop() } }
        let index = server.root.appendingPathComponent("index.sqlite").path
        let token = try await server.logIn("brennam")
        func settle() async throws { try await Task.sleep(for: .milliseconds(400)) }
        #expect(try await server.send(.GET, "/readyz").status == 200)

        // Marked damaged by a writer: lookups and readiness refuse it, naming no path.
        try "damaged: page 7 is never used\n".write(toFile: index + ".damaged", atomically: true, encoding: .utf8)
        try await settle()
        let damaged = try await server.send(.GET, "/readyz")
        #expect(damaged.status == 503 && !damaged.text.contains(server.root.path), "\(damaged.text)")
        let lookup = try await server.send(.GET, "/v1/people/whitfid", token: token)
        #expect(lookup.status == 503 && !lookup.text.contains(server.root.path) && lookup.text.contains("request id"), "\(lookup.text)")
        try FileManager.default.removeItem(atPath: index + ".damaged")

        // Replaced by a rename: the new file is served (a name changed in it shows).
        let replacement = server.root.appendingPathComponent("rebuilt.sqlite").path
        try FileManager.default.copyItem(atPath: index, toPath: replacement)
        let campus = try CampusContext(indexOption: replacement, paths: CampusPaths(environment: ["HOME": server.root.path]),
                                       locator: ResourceLocator(environment: ["CAMPUS_HOME": DemoIndexFile.packageRoot.path]))
        let renamed = try String(contentsOf: DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif"), encoding: .utf8)
            .replacingOccurrences(of: "displayName: Dana Whitfield", with: "displayName: Dana Whitfield-Rename")
        let ldif = server.root.appendingPathComponent("renamed.ldif")
        try renamed.write(to: ldif, atomically: true, encoding: .utf8)
        _ = try await CampusService(operating: campus).syncDirectory(
            try campus.directorySyncRequest(DirectorySyncOptions(ldif: ldif.path)), as: .operator(), now: Date())
        #expect(rename(replacement, index) == 0)
        try await settle()
        let card = try await server.send(.GET, "/v1/people/whitfid", token: token)
        #expect(card.json["name"] as? String == "Dana Whitfield-Rename", "\(card.text.prefix(300))")
        #expect(try await server.send(.GET, "/readyz").status == 200)

        // Removed: not ready, and lookups say the data is not loaded.
        let aside = server.root.appendingPathComponent("aside.sqlite").path
        #expect(rename(index, aside) == 0)
        try await settle()
        let missing = try await server.send(.GET, "/readyz")
        #expect(missing.status == 503 && missing.text.contains("missing") && !missing.text.contains(server.root.path), "\(missing.text)")
        #expect(rename(aside, index) == 0)
        try await settle()
        #expect(try await server.send(.GET, "/readyz").status == 200)

        // The directory gone: log-ins fail, so not ready (a failed log-in tells at once; a probe
        // every 15 seconds otherwise).
        slapd.kill()
        #expect(try await server.send(.POST, "/v1/session", json: ["username": "brennam", "password": "demo-brennam"]).status == 503)
        let gone = try await server.send(.GET, "/readyz")
        #expect(gone.status == 503 && (gone.json["directory"] as? [String: Any])?["answers"] as? Bool == false, "\(gone.text)")
        #expect(!gone.text.contains("ldap://") && !gone.text.contains("127.0.0.1") && !gone.text.contains("dc=rose-hulman"), "\(gone.text)")
    }

    @Test("a log-in while the directory hangs gives up after the log-in time-out and names no server address or account")
    func hungDirectory() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let server = try await LiveServer.start(directory: slapd, extraConfiguration: "")
        defer { Task { await server.stop() } }
        let pid = try #require(Int32(try String(contentsOfFile: slapd.directory + "/slapd.pid", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, SIGSTOP) == 0)
        defer { kill(pid, SIGCONT) }
        let started = ContinuousClock.now
        let answer = try await server.send(.POST, "/v1/session", json: ["username": "brennam", "password": "demo-brennam"])
        let waited = ContinuousClock.now - started
        #expect(answer.status == 503, "\(answer.text)")
        for exposed in ["ldap://", "127.0.0.1", "cn=admin", "dc=rose-hulman", slapd.url] {
            #expect(!answer.text.contains(exposed), "\(answer.text)")
        }
        // The sync's own time-out is 30 s: a log-in waits the log-in time-out (5 s) for the connection and for the bind.
        #expect(waited < .seconds(25), "\(waited)")
    }
}
