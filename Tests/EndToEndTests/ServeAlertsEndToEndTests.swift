import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SlapdHarness
import Testing

/// Change alerts from `campus serve`: its alert service sends as refreshes find changes, the
/// one-click unsubscribe works without a log-in and for its own person only, people read and set
/// their alerts, and `/readyz` tells of a mail server that stopped.
@Suite("Change alerts from campus serve", .serialized)
struct ServeAlertsEndToEndTests {
    /// `method url`; the status and the body as text.
    private func send(
        _ url: String, method: String = "GET", token: String? = nil, json: [String: Any]? = nil, form: String? = nil
    ) async throws -> (status: Int, body: String) {
        let (status, data) = try await TestHTTPClient.send(url, method: method, token: token, json: json, form: form)
        return (status, String(decoding: data, as: UTF8.self))
    }

    private func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func logIn(_ server: ServeEndToEndTests.Serving, _ username: String) async throws -> String {
        let (_, body) = try await send(server.address + "/v1/session", method: "POST", json: ["username": username, "password": "demo-\(username)"])
        return try #require(try object(body)["token"] as? String)
    }

    /// `url` fetched as a browser with the session `session` would; the status and the path it ended at.
    private func page(_ url: String, session: String) async throws -> (status: Int, path: String) {
        var request = URLRequest(url: try #require(URL(string: url)))
        request.setValue("campus_session=\(session)", forHTTPHeaderField: "Cookie")
        let (_, response) = try await TestHTTPClient.session().data(for: request)
        let answer = try #require(response as? HTTPURLResponse)
        return (answer.statusCode, answer.url?.path ?? "")
    }

    @Test("the server e-mails a moved section's people, every link of the e-mail a page; unsubscribe needs no log-in and holds for its own person only; inbox, settings, the change log; /readyz names a stopped mail server")
    func serves() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let alerts = try AlertsEndToEndTests.AlertCampus()
        defer { alerts.cleanUp() }
        try alerts.configure(
            alerts: alerts.smtp.settings + "\n  check-seconds: 1", registrar: "marchk", extra: AlertsEndToEndTests.AlertCampus.directory(slapd))
        let server = try ServeEndToEndTests.Serving(alerts.campus, [])
        defer { _ = server.terminate() }
        #expect(server.log.contains("alerts on"), "\(server.log)")
        let people = try alerts.moved.students().union([MovedSection.instructor]).sorted()

        try alerts.moveAndSync()
        try await eventually("the moved section's people were e-mailed") { try alerts.recipients() == people }
        let password = try String(contentsOf: alerts.smtp.passwordFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!server.log.contains(password), "the log never holds the mail password")

        // Every link the e-mail carries is a page of the web app: fetched with her session, none redirects or is missing.
        let brennan = try #require(try alerts.smtp.messages().first { $0.rcptTos == ["brennam@rose-hulman.edu"] })
        let session = try await logIn(server, "brennam")
        let body = brennan.text + brennan.html
        let links = Set(body.matches(of: try Regex("https://campus\\.example\\.edu[^\\s\"<>]*")).map { String(body[$0.range]) })
        #expect(links.count >= 3, "\(links)")
        for link in links {
            let local = link.replacing("https://campus.example.edu", with: server.address).replacing("&amp;", with: "&")
            let (status, path) = try await page(local, session: session)
            #expect(status == 200 && path == URL(string: local)?.path, "\(link): \(status) at \(path)")
        }

        // The one-click unsubscribe, as a mail program posts it: no log-in.
        let link = String(try #require(brennan.header("List-Unsubscribe")).dropFirst().dropLast())
            .replacing("https://campus.example.edu", with: server.address)
        let page = try await send(link)
        #expect(page.status == 200 && page.body.contains("Stop alert e-mails"), "a page asks first: a link scanner turns nothing off")
        let signature = String(link.split(separator: "&t=").last ?? "")
        let others: [String] = [
            link.replacing("u=brennam", with: "u=ashbye"), link.replacing(signature, with: String(signature.reversed())),
            server.address + "/alerts/unsubscribe?u=brennam",
        ]
        for other in others {
            #expect(try await send(other, method: "POST", form: "List-Unsubscribe=One-Click").status == 403, "\(other)")
        }
        let done = try await send(link, method: "POST", form: "List-Unsubscribe=One-Click")
        #expect(done.status == 200 && done.body.contains("Alert e-mails are off for brennam"), "\(done.body)")

        // The next change reaches everyone but her by e-mail; it is in her inbox.
        try alerts.moveAndSync(from: MovedSection.newRoom, to: "E104")
        try await eventually("everyone else heard of the second move") { try alerts.recipients().count == people.count * 2 - 1 }
        #expect(try alerts.recipients().filter { $0 == "brennam" }.count == 1)
        #expect(try alerts.recipients().filter { $0 == "ashbye" }.count == 2, "the suppressed student hears each time")

        let token = try await logIn(server, "brennam")
        let mine = try object(try await send(server.address + "/v1/me/alerts", token: token).body)
        #expect(mine["email"] as? Bool == false && mine["configured"] as? Bool == true)
        #expect(mine["unread"] as? Int == 2)
        let inbox = try #require(mine["inbox"] as? [[String: Any]])
        #expect(inbox.map { $0["emailed"] as? Bool } == [false, true], "newest first; the second was not e-mailed")
        #expect((inbox.first?["changes"] as? [String])?.first?.contains("room \(MovedSection.newRoom) → E104") == true)
        #expect(try await send(server.address + "/v1/me/alerts/read", method: "POST", token: token).status == 204)
        #expect(try object(try await send(server.address + "/v1/me/alerts", token: token).body)["unread"] as? Int == 0)
        let set = try await send(server.address + "/v1/me/alerts", method: "PUT", token: token, json: ["email": true, "follows": ["202630 PH235-01"]])
        let follows = try object(set.body)["follows"] as? [String]
        #expect(set.status == 200 && follows == ["202630 PH235-01"], "\(set.body)")
        #expect(try await send(server.address + "/v1/me/alerts", method: "PUT", token: token, json: ["follows": ["202630 NOPE101-01"]]).status == 404)

        // The change log, as the policy shows each: the room moves to a student, to the instructor, to the registrar.
        for username in ["brennam", MovedSection.instructor, "marchk"] {
            let caller = try await logIn(server, username)
            let changes = try object(try await send(server.address + "/v1/changes?section=\(MovedSection.section)", token: caller).body)
            let kinds = (changes["refreshes"] as? [[String: Any]] ?? []).flatMap { ($0["changes"] as? [[String: Any]]) ?? [] }.compactMap { $0["kind"] as? String }
            #expect(kinds == ["room-changed", "room-changed"], "\(username): \(changes)")
        }
        let anonymous = try await send(server.address + "/v1/changes")
        #expect(anonymous.status == 401, "\(anonymous)")

        // The mail server stops: the next alerts wait, /readyz names the setting; back, they all go, once.
        alerts.smtp.stop()
        try alerts.moveAndSync(from: "E104", to: "O157")
        try await eventually("/readyz tells the mail server failed") {
            let ready = try object(try await send(server.address + "/readyz").body)
            let state = ready["alerts"] as? [String: Any]
            return state?["mail"] as? String == "failing" && state?["setting"] as? String == "alerts.smtp.host" && (state?["pending"] as? Int ?? 0) > 0
        }
        #expect(try await send(server.address + "/metrics").body.contains("campus_alert_mail_up 0"))
        try alerts.smtp.start()
        try await eventually("the waiting alerts went once the mail server was back") { try alerts.recipients().count == people.count * 3 - 1 }
        #expect(Set(try alerts.recipients()).count == people.count)
        for person in people {
            #expect(try alerts.recipients().filter { $0 == person }.count == (person == "brennam" ? 2 : 3), "\(person): e-mail on again for the third")
        }
        try await eventually("/readyz tells the mail works again") {
            (try object(try await send(server.address + "/readyz").body)["alerts"] as? [String: Any])?["mail"] as? String == "works"
        }
        #expect(server.terminate() == 0)
    }

    @Test("failed log-ins that lock an account e-mail its owner when and from which network, with a link to their log-ins")
    func lockoutIsEmailed() async throws {
        let slapd = try SlapdServer.start(ldifFiles: [CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path])
        defer { slapd.stop() }
        let alerts = try AlertsEndToEndTests.AlertCampus()
        defer { alerts.cleanUp() }
        try alerts.configure(alerts: alerts.smtp.settings, registrar: "marchk", extra: AlertsEndToEndTests.AlertCampus.directory(slapd))
        let server = try ServeEndToEndTests.Serving(alerts.campus, ["--login-failures", "3"])
        defer { _ = server.terminate() }
        let pikej = try await logIn(server, "pikej")
        for attempt in 1...3 {
            let failed = try await send(server.address + "/v1/session", method: "POST", json: ["username": "brennam", "password": "wrong-\(attempt)"])
            #expect(failed.status == 401, "\(failed.body)")
        }
        try await eventually("brennam was told her log-in was locked") {
            try alerts.smtp.messages().contains { $0.rcptTos == ["brennam@rose-hulman.edu"] && $0.subject.contains("locked") }
        }
        let told = try #require(try alerts.smtp.messages().first { $0.rcptTos == ["brennam@rose-hulman.edu"] })
        #expect(told.text.contains("3 log-ins with your username (brennam)") && told.text.contains("127.0.0."), "\(told.text)")
        #expect(!told.text.contains("wrong-"), "never the passwords tried")
        let link = try #require(told.text.split(separator: " ").last { $0.hasPrefix("https://campus.example.edu/") })
        let local = String(link).trimmingCharacters(in: .whitespacesAndNewlines).replacing("https://campus.example.edu", with: server.address)
        let (status, path) = try await page(local, session: pikej)
        #expect(status == 200 && path == "/sessions", "\(local): \(status) at \(path)")
        #expect(try alerts.smtp.messages().filter { $0.subject.contains("locked") }.count == 1, "told once, not at each refused attempt")
        #expect(server.terminate() == 0)
    }
}
