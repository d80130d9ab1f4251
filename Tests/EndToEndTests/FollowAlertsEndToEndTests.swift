import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SlapdHarness
import Testing

/// Alerts beyond one's own classes: people follow rooms and friends who share with them through
/// `campus serve`, the registrar moves a section, and `campus alerts send` e-mails the followers
/// of both rooms and of a friend who shares (never of one who stopped sharing); a daily digest
/// waits for its hour.
@Suite("Change alerts for rooms and people followed, and daily digests", .serialized)
struct FollowAlertsEndToEndTests {
    private func send(_ url: String, method: String = "GET", token: String? = nil, json: [String: Any]? = nil) async throws -> (status: Int, body: String) {
        let (status, data) = try await TestHTTPClient.send(url, method: method, token: token, json: json)
        return (status, String(decoding: data, as: UTF8.self))
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func logIn(_ server: ServeEndToEndTests.Serving, _ username: String) async throws -> String {
        let (_, body) = try await send(server.address + "/v1/session", method: "POST", json: ["username": username, "password": "demo-\(username)"])
        return try #require(try object(body)["token"] as? String, "\(username): \(body)")
    }

    /// What `viewer` was shown, from `campus audit --json`.
    private func disclosures(_ alerts: AlertsEndToEndTests.AlertCampus, viewer: String) throws -> [[String: Any]] {
        let audit = try alerts.campus.run("audit", "--viewer", viewer, "--json")
        #expect(audit.status == 0, "\(audit.error)")
        return try #require(try object(audit.output)["disclosures"] as? [[String: Any]])
    }

    /// `server.clock` for the campus clock's next day at 07:05, after the next 07:00 digest.
    private func tomorrowAfterDigest() throws -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "America/Indiana/Indianapolis"))
        let tomorrow = try #require(calendar.date(byAdding: .day, value: 1, to: Date()))
        let parts = calendar.dateComponents([.year, .month, .day], from: tomorrow)
        return String(format: "%04d-%02d-%02dT07:05", parts.year!, parts.month!, parts.day!)
    }

    @Test("followers of the old and new rooms and of a friend who shares hear of a move; one who stopped sharing does not; a daily digest comes at its hour")
    func follows() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let alerts = try AlertsEndToEndTests.AlertCampus()
        defer { alerts.cleanUp() }
        try alerts.configure(extra: AlertsEndToEndTests.AlertCampus.directory(slapd))
        let students = try alerts.moved.students()
        let section = students.union([MovedSection.instructor])
        // Outsiders to the section: two follow a room each, one a friend who shares, one a friend
        // who stopped, one the suppressed student once she shares with him.
        let (newRoomFollower, oldRoomFollower, friendFollower, formerFriend, hiddenFriendFollower) =
            ("whitfid", "grangek", "garlanr", "everlyj", "bellwep")
        for outsider in [newRoomFollower, oldRoomFollower, friendFollower, formerFriend, hiddenFriendFollower] {
            #expect(!section.contains(outsider), "\(outsider)")
        }
        let friend = "brennam"
        let stopped = try #require(students.subtracting([friend, MovedSection.suppressedStudent]).sorted().first)
        let daily = try #require(students.subtracting([friend, stopped, MovedSection.suppressedStudent]).sorted().first)

        let server = try ServeEndToEndTests.Serving(alerts.campus, [])
        let api = server.address + "/v1"
        for (follower, room) in [(newRoomFollower, MovedSection.newRoom.lowercased()), (oldRoomFollower, MovedSection.oldRoom)] {
            let set = try await send(api + "/me/alerts", method: "PUT", token: try await logIn(server, follower), json: ["rooms": [room]])
            #expect(try set.status == 200 && object(set.body)["rooms"] as? [String] == [room.uppercased()], "\(set.body)")
        }
        let noRoom = try await send(api + "/me/alerts", method: "PUT", token: try await logIn(server, newRoomFollower), json: ["rooms": ["NOWHERE9"]])
        #expect(noRoom.status == 404, "\(noRoom.body)")

        let follower = try await logIn(server, friendFollower)
        let unshared = try await send(api + "/me/alerts", method: "PUT", token: follower, json: ["people": [friend]])
        #expect(unshared.status == 400 && unshared.body.contains("does not share their schedule with you"), "\(unshared.body)")
        #expect(try await send(api + "/me/sharing", method: "POST", token: try await logIn(server, friend), json: ["with": friendFollower]).status == 201)
        let followed = try await send(api + "/me/alerts", method: "PUT", token: follower, json: ["people": [friend.uppercased()]])
        #expect(try followed.status == 200 && object(followed.body)["people"] as? [String] == [friend], "\(followed.body)")

        let tooMany = try await send(api + "/me/alerts", method: "PUT", token: follower, json: ["people": (0..<51).map { "nobody\($0)" }])
        #expect(tooMany.status == 409 && tooMany.body.contains("50"), "the limit holds before anything is looked up: \(tooMany.body)")

        let hiddenFollower = try await logIn(server, hiddenFriendFollower)
        let hidden = MovedSection.suppressedStudent
        let probe = try await send(api + "/me/alerts", method: "PUT", token: hiddenFollower, json: ["people": [hidden]])
        #expect(probe.status == 404, "a suppressed student is not found, as one unknown: \(probe.body)")
        #expect(try await send(api + "/me/sharing", method: "POST", token: try await logIn(server, hidden), json: ["with": hiddenFriendFollower]).status == 201)
        #expect(try await send(api + "/me/alerts", method: "PUT", token: hiddenFollower, json: ["people": [hidden]]).status == 200)

        let stoppedToken = try await logIn(server, stopped)
        let consent = try object(try await send(api + "/me/sharing", method: "POST", token: stoppedToken, json: ["with": formerFriend]).body)
        let consentID = try #require(consent["id"] as? String)
        let former = try await send(api + "/me/alerts", method: "PUT", token: try await logIn(server, formerFriend), json: ["people": [stopped]])
        #expect(former.status == 200, "\(former.body)")
        #expect(try await send(api + "/me/sharing/\(consentID)", method: "DELETE", token: stoppedToken).status == 204)

        let digest = try await send(api + "/me/alerts", method: "PUT", token: try await logIn(server, daily), json: ["daily": true])
        #expect(try digest.status == 200 && object(digest.body)["daily"] as? Bool == true)
        #expect(server.terminate() == 0)

        try alerts.moveAndSync()
        let sent = try alerts.campus.run("alerts", "send")
        #expect(sent.status == 0, "\(sent.error)")
        let heard = section.subtracting([daily]).union([newRoomFollower, oldRoomFollower, friendFollower, hiddenFriendFollower])
        #expect(try alerts.recipients() == heard.sorted(), "the section but its daily reader, both rooms' followers, the friend's; not the former friend")
        for username in [newRoomFollower, oldRoomFollower, friendFollower, hiddenFriendFollower] {
            let message = try #require(try alerts.smtp.messages().first { $0.rcptTos.first?.hasPrefix(username + "@") == true })
            #expect(message.text.contains("room \(MovedSection.oldRoom) → \(MovedSection.newRoom)"), "\(username): \(message.text)")
        }
        for (viewer, subject) in [(friendFollower, friend), (hiddenFriendFollower, hidden)] {
            let disclosures = try disclosures(alerts, viewer: viewer)
            #expect(disclosures.count == 1, "\(viewer): \(disclosures)")
            #expect(disclosures.first?["record"] as? String == "schedule" && disclosures.first?["subject"] as? String == subject
                    && disclosures.first?["term"] as? String == MovedSection.term
                    && (disclosures.first?["rule"] as? String)?.hasSuffix("(consent)") == true,
                    "the friend's schedule, shown by consent, is recorded: \(disclosures)")
        }
        #expect(try disclosures(alerts, viewer: newRoomFollower).isEmpty, "a room's follower learns of no one's schedule")

        try alerts.configure(server: "  clock: \"\(try tomorrowAfterDigest())\"")
        let digestSent = try alerts.campus.run("alerts", "send")
        #expect(digestSent.status == 0, "\(digestSent.error)")
        #expect(try alerts.recipients() == heard.union([daily]).sorted(), "the daily reader's e-mail came at the digest hour, once")
        let dailyMessage = try #require(try alerts.smtp.messages().first { $0.rcptTos.first?.hasPrefix(daily + "@") == true })
        #expect(dailyMessage.text.contains("room \(MovedSection.oldRoom) → \(MovedSection.newRoom)"), "\(dailyMessage.text)")
    }

    @Test("a friend's own drop reaches their follower (a disclosure of the friend's schedule) and the instructor, never a room's follower or a classmate")
    func friendDropped() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let alerts = try AlertsEndToEndTests.AlertCampus()
        defer { alerts.cleanUp() }
        try alerts.configure(extra: AlertsEndToEndTests.AlertCampus.directory(slapd))
        let (friend, follower, roomFollower, sectionFollower) = ("brennam", "garlanr", "grangek", "everlyj")
        let server = try ServeEndToEndTests.Serving(alerts.campus, [])
        let api = server.address + "/v1"
        #expect(try await send(api + "/me/sharing", method: "POST", token: try await logIn(server, friend), json: ["with": follower]).status == 201)
        #expect(try await send(api + "/me/alerts", method: "PUT", token: try await logIn(server, follower), json: ["people": [friend]]).status == 200)
        #expect(try await send(
            api + "/me/alerts", method: "PUT", token: try await logIn(server, roomFollower), json: ["rooms": [MovedSection.oldRoom]]).status == 200)
        #expect(try await send(
            api + "/me/alerts", method: "PUT", token: try await logIn(server, sectionFollower),
            json: ["follows": ["\(MovedSection.term) \(MovedSection.section)"]]).status == 200)
        #expect(server.terminate() == 0)

        try alerts.moved.drop(friend)
        let synced = try alerts.sync()
        #expect(synced.status == 0, "\(synced.error)")
        let sent = try alerts.campus.run("alerts", "send")
        #expect(sent.status == 0, "\(sent.error)")
        #expect(try alerts.recipients() == [friend, follower, MovedSection.instructor].sorted(),
                "the student, their follower, the instructor; no classmate, no follower of the room or the section")
        let told = try #require(try alerts.smtp.messages().first { $0.rcptTos.first?.hasPrefix(follower + "@") == true })
        #expect(told.text.contains("\(MovedSection.section) General Chemistry I: \(friend) dropped"), "\(told.text)")
        let disclosures = try disclosures(alerts, viewer: follower)
        #expect(disclosures.count == 1 && disclosures.first?["subject"] as? String == friend
                && (disclosures.first?["rule"] as? String)?.hasSuffix("(consent)") == true, "\(disclosures)")
    }
}
