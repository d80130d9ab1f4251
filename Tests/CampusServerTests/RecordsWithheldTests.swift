import CampusCore
@testable import CampusLookup
import Foundation
import Testing

/// What a person's records tell others, beyond what the schedule rule allows, through the
/// ways around it: a card's term, the term a schedule picks, a roster's links, a purpose's
/// text, an outage's message, the API document's promises.
@Suite("Records told only as the rules allow", .serialized)
struct RecordsWithheldTests {
    /// The term a card points to, if any.
    private func cardTerm(_ username: String, _ server: some ServerUnderTest, as token: String) async throws -> String? {
        let card = try await server.send(.GET, "/v1/people/\(username)", token: token)
        #expect(card.status == 200, "\(card.text)")
        return (card.json["schedule"] as? [String: Any])?["term"] as? String
    }

    @Test("a card shows a past instructor the newest term she may see the student's schedule of, never the student's newest")
    func cardTermIsOneTheViewerMaySee() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        // aldridp taught aldridw in 202610 only; aldridw's newest term is 202630.
        let instructor = try await server.logIn("aldridp")
        #expect(try await cardTerm("aldridw", server, as: instructor) == "202610")
        #expect(try await server.send(.GET, "/v1/people/aldridw/schedule?term=202610", token: instructor).status == 200)
        #expect(try await server.send(.GET, "/v1/people/aldridw/schedule?term=202630", token: instructor).status == 403)
        // A consent of one term shows that term, not the student's newest.
        let fenwicp = try await server.logIn("fenwicp")
        let brennam = try await server.logIn("brennam")
        #expect(try await cardTerm("fenwicp", server, as: brennam) == nil)
        let granted = try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: ["with": "brennam", "term": "202610"])
        #expect(granted.status == 201, "\(granted.text)")
        #expect(try await cardTerm("fenwicp", server, as: brennam) == "202610")
        // Those the rule allows in every term still see the newest: the advisor, the registrar.
        #expect(try await cardTerm("aldridw", server, as: try await server.logIn("brandtr")) == "202630")
        #expect(try await cardTerm("aldridw", server, as: try await server.logIn("marchk")) == "202630")
    }

    @Test("a schedule asked without a term shows a term the caller may see, the same answer whatever terms the person holds")
    func defaultTermIsOneTheCallerMaySee() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let brennam = try await server.logIn("brennam")
        // fenwicp and brandtn1 took classes in 202620, aldridw did not; each consents to 202620 alone.
        for student in ["fenwicp", "brandtn1", "aldridw"] {
            let token = try await server.logIn(student)
            let granted = try await server.send(.POST, "/v1/me/sharing", token: token, json: ["with": "brennam", "term": "202620"])
            #expect(granted.status == 201, "\(granted.text)")
        }
        for student in ["fenwicp", "brandtn1", "aldridw"] {
            let schedule = try await server.send(.GET, "/v1/people/\(student)/schedule", token: brennam)
            #expect(schedule.status == 200, "\(student): \(schedule.text.prefix(300))")
            #expect((schedule.json["term"] as? [String: Any])?["code"] as? String == "202620", "\(student): \(schedule.text.prefix(300))")
            let sections = schedule.json["sections"] as? [Any] ?? []
            #expect(sections.isEmpty == (student == "aldridw"), "\(student): \(sections.count) sections")
            let page = try await server.page("/people/\(student)", session: brennam)
            #expect(page.status == 200 && page.readable.contains("Winter 2025-2026"), "\(student): \(page.readable.prefix(400))")
        }
        // Favorites show the term the consent names, whatever other terms each holds.
        for student in ["fenwicp", "brandtn1", "aldridw"] {
            #expect(try await server.send(.PUT, "/v1/me/favorites/\(student)?group=probe", token: brennam).status < 300)
        }
        let favorites = try await server.send(.GET, "/v1/me/favorites?group=probe", token: brennam)
        for favorite in favorites.json["favorites"] as? [[String: Any]] ?? [] {
            let name = favorite["username"] as? String ?? ""
            // aldridw took nothing in 202620: nothing of hers is shown, as for one who never consented.
            let code = (favorite["term"] as? [String: Any])?["code"] as? String
            #expect(code == (name == "aldridw" ? nil : "202620"), "\(name): \(favorite)")
            #expect((favorite["sections"] as? [Any] ?? []).isEmpty == (name == "aldridw"), "\(name): \(favorite)")
        }
        // Without any consent the refusal is the same for each.
        let pikej = try await server.logIn("pikej")
        for student in ["fenwicp", "brandtn1", "aldridw"] {
            #expect(try await server.send(.GET, "/v1/people/\(student)/schedule", token: pikej).status == 403, "\(student)")
        }
    }

    @Test("a roster's e-mail links name plain addresses only: an address holding ?bcc= adds no recipient and gets no link")
    func rosterMailtoCannotBeHijacked() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let hostile = "brennam@rose-hulman.edu?bcc=spy@evil.example"
        try await DirectoryEdit.sync(server, replacing: ["mail: brennam@rose-hulman.edu": "mail: \(hostile)"])
        let instructor = try await server.logIn("whitfid")
        let roster = try await server.page("/sections/CSSE415-03/roster?term=202630", session: instructor)
        #expect(roster.status == 200, "\(roster.text.prefix(300))")
        let links = roster.text.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .filter { $0.hasPrefix("mailto:") }
        #expect(!links.isEmpty)
        #expect(links.allSatisfy { !$0.contains("spy") && !$0.contains("brennam") }, "an address that is not one plain address gets no link: \(links)")
        #expect(links.contains { $0.hasPrefix("mailto:?bcc=") }, "the class is written to, without her: \(links)")
        #expect(!roster.text.contains("href=\"\""), "her address is shown as text, not as a link to nowhere")
        let card = try await server.page("/people/brennam", session: instructor)
        #expect(card.status == 200 && card.text.contains("spy@evil.example") && !card.text.contains("href=\"\""), "\(card.text.prefix(300))")
    }

    @Test("consents and requests end when their person leaves the directory; one who later gets the username starts clean")
    func consentsEndWithTheirPerson() async throws {
        let clock = SettableClock(Date())
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        let brennam = try await server.logIn("brennam")
        let pikej = try await server.logIn("pikej")
        let leaving = try await server.logIn("fenwicp")
        #expect(try await server.send(.PUT, "/v1/me/favorites/brennam?group=lab", token: leaving).status < 300)
        #expect(try await server.send(.PUT, "/v1/me/alerts", token: leaving, json: ["follows": ["202630 PH235-01"]]).status == 200)
        #expect(try await server.send(.POST, "/v1/me/sharing", token: leaving, json: ["with": "brennam"]).status == 201)
        #expect(try await server.send(.POST, "/v1/me/sharing", token: pikej, json: ["with": "fenwicp"]).status == 201)
        #expect(try await server.send(.POST, "/v1/me/requests", token: leaving, json: ["to": "brennam"]).status == 201)
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: brennam).status == 200)
        // pikej shares with her group "study", fenwicp in it.
        #expect(try await server.send(.PUT, "/v1/me/favorites/fenwicp?group=study", token: pikej).status < 300)
        #expect(try await server.send(.POST, "/v1/me/sharing", token: pikej, json: ["with": "@study", "term": "202620"]).status == 201)
        #expect(try await server.send(.GET, "/v1/people/pikej/schedule?term=202620", token: leaving).status == 200)

        // One a sync missed and the next read again (a second directory source's) is the same person.
        try await DirectoryEdit.sync(server, leavingOut: ["pikej"], now: clock.now())
        clock.advance(600)
        try await DirectoryEdit.sync(server, now: clock.now())
        clock.advance(60)
        #expect(try await server.send(.GET, "/v1/people/pikej/schedule?term=202620", token: leaving).status == 200, "pikej's consent holds again")
        #expect(try await server.send(.GET, "/v1/me/favorites?group=study", token: pikej).json["total"] as? Int == 1, "her favorites are hers")

        // She leaves: what she gave ends at once, and she is no longer asked about.
        clock.advance(60)
        try await DirectoryEdit.sync(server, leavingOut: ["fenwicp"], now: clock.now())
        clock.advance(60)
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: brennam).status == 403)
        let asked = try await server.send(.GET, "/v1/me/requests", token: brennam)
        #expect((asked.json["incoming"] as? [Any])?.isEmpty == true, "\(asked.text)")
        let received = try await server.send(.GET, "/v1/me/sharing", token: brennam)
        #expect((received.json["received"] as? [Any])?.isEmpty == true, "\(received.text)")
        let gone = try await server.send(.GET, "/v1/me", token: leaving)
        #expect(gone.status == 401, "her log-in ended: \(gone.text.prefix(300))")

        // Someone else gets the username, once it was free for a while: none of it is theirs, given or received.
        clock.advance(86_400)  // the day a username is free before another holds it (DirectoryStanding.reuseAfter)
        try await DirectoryEdit.sync(server, replacing: ["displayName: Phoenix Fenwick": "displayName: Pat Fenwick", "cn: Phoenix Fenwick": "cn: Pat Fenwick"],
                                     now: clock.now())
        clock.advance(60)
        let newcomer = try await server.logIn("fenwicp")
        let brennamAgain = try await server.logIn("brennam")  // a day on: a log-in lasts 8 hours
        let favorites = try await server.send(.GET, "/v1/me/favorites", token: newcomer)
        #expect((favorites.json["favorites"] as? [Any])?.isEmpty == true, "\(favorites.text.prefix(300))")
        let alerts = try await server.send(.GET, "/v1/me/alerts", token: newcomer)
        #expect((alerts.json["follows"] as? [Any])?.isEmpty == true, "\(alerts.text.prefix(300))")
        let theirs = try await server.send(.GET, "/v1/me/sharing", token: newcomer)
        #expect((theirs.json["given"] as? [Any])?.isEmpty == true && (theirs.json["received"] as? [Any])?.isEmpty == true, "\(theirs.text)")
        #expect(try await server.send(.GET, "/v1/people/pikej/schedule?term=202630", token: newcomer).status == 403)
        #expect(try await server.send(.GET, "/v1/people/pikej/schedule?term=202620", token: newcomer).status == 403, "not as one of pikej's group")
        let record = try await server.send(.GET, "/v1/me/disclosures", token: newcomer)
        #expect((record.json["disclosures"] as? [Any])?.isEmpty == true, "who saw the person before is not the newcomer's to read: \(record.text.prefix(300))")
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: brennamAgain).status == 403)
        #expect(try await server.send(.GET, "/v1/me", token: leaving).status == 401, "the old log-in is not the newcomer's")
        let sent = try await server.send(.GET, "/v1/me/requests", token: newcomer)
        #expect((sent.json["outgoing"] as? [Any])?.isEmpty == true, "\(sent.text)")
        // What the newcomer gives holds as any other.
        let given = try await server.send(.POST, "/v1/me/sharing", token: newcomer, json: ["with": "brennam"])
        #expect(given.status == 201, "\(given.text)")
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: brennamAgain).status == 200)
    }

    @Test("an alert e-mail's unsubscribe link holds while its person holds the username: the next to hold it is not unsubscribed by it")
    func unsubscribeLinkEndsWithItsPerson() async throws {
        let clock = SettableClock(Date())
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        let key = try await server.service.state.alertSigningKey()
        let old = UnsubscribeLink.signature(of: "fenwicp", arrivedAt: nil, key: key)
        let oneClick = "\(UnsubscribeLink.path)?u=fenwicp&t=\(old)"
        #expect(try await server.service.unsubscribeLinkHolds(username: "fenwicp", signature: old))

        try await DirectoryEdit.sync(server, leavingOut: ["fenwicp"], now: clock.now())
        clock.advance(86_400)  // the day a username is free before another holds it (DirectoryStanding.reuseAfter)
        try await DirectoryEdit.sync(server, replacing: ["displayName: Phoenix Fenwick": "displayName: Pat Fenwick"], now: clock.now())
        clock.advance(60)
        let newcomer = try await server.logIn("fenwicp")
        #expect(try await server.send(.PUT, "/v1/me/alerts", token: newcomer, json: ["email": true]).status == 200)
        #expect(try await !server.service.unsubscribeLinkHolds(username: "fenwicp", signature: old))
        let refused = try await server.send(.POST, oneClick, body: "List-Unsubscribe=One-Click",
                                            headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(refused.status == 403, "\(refused.text.prefix(300))")
        #expect(try await server.send(.GET, "/v1/me/alerts", token: newcomer).json["email"] as? Bool == true, "still on")
    }

    @Test("a username given again mid-term shows none of its previous holder's classes or registrar record, that term's neither: not in history, schedule, card, search, relations or roster")
    func previousHoldersClassesAreNotTheNewcomers() async throws {
        // Spring term 202630 under way: the username changes hands in the middle of the term.
        let clock = SettableClock(try #require(ISO8601DateFormatter().date(from: "2026-04-01T16:00:00Z")))
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        let registrar = try await server.logIn("marchk")
        let history = try await server.send(.GET, "/v1/people/fenwicp/history", token: registrar)
        #expect((history.json["terms"] as? [Any])?.isEmpty == false, "\(history.text.prefix(300))")
        let before = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: registrar)
        let sections = (before.json["sections"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let section = try #require(sections.first, "\(before.text.prefix(300))")
        let instructor = try #require((before.json["sections"] as? [[String: Any]])?.first?["instructors"] as? [[String: Any]])
            .compactMap { $0["username"] as? String }.first
        let teacher = try await server.logIn(try #require(instructor))
        #expect(try await cardTerm("fenwicp", server, as: teacher) != nil)
        let oldCard = try await server.send(.GET, "/v1/people/fenwicp/history", token: registrar).json["person"] as? [String: Any]
        let bannerID = try #require(oldCard?["bannerId"] as? String, "\(String(describing: oldCard))")

        try await DirectoryEdit.sync(server, leavingOut: ["fenwicp"], now: clock.now())
        clock.advance(86_400)  // the day a username is free before another holds it (DirectoryStanding.reuseAfter)
        try await DirectoryEdit.sync(server, replacing: ["displayName: Phoenix Fenwick": "displayName: Pat Fenwick", "cn: Phoenix Fenwick": "cn: Pat Fenwick"],
                                     now: clock.now())
        clock.advance(60)
        let registrarAgain = try await server.logIn("marchk")
        let newcomer = try await server.logIn("fenwicp")
        for token in [registrarAgain, newcomer] {
            let theirs = try await server.send(.GET, "/v1/people/fenwicp/history", token: token)
            #expect(theirs.status == 200 && (theirs.json["terms"] as? [Any])?.isEmpty == true, "\(theirs.text.prefix(300))")
            let schedule = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: token)
            #expect((schedule.json["sections"] as? [Any])?.isEmpty == true, "\(schedule.text.prefix(300))")
        }
        // The registrar's record is the previous holder's: not the newcomer's Banner ID, in any answer.
        for path in ["/v1/people/fenwicp/history", "/v1/people/fenwicp/schedule?term=202630", "/v1/search?q=fenwicp"] {
            let answer = try await server.send(.GET, path, token: registrarAgain)
            #expect(answer.status == 200 && !answer.text.contains(bannerID), "\(path): \(answer.text.prefix(400))")
        }
        let own = try await server.send(.GET, "/v1/me", token: newcomer)
        #expect(!own.text.contains(bannerID), "\(own.text.prefix(400))")
        // The previous holder's instructor teaches the newcomer nothing.
        let teacherAgain = try await server.logIn(try #require(instructor))
        #expect(try await cardTerm("fenwicp", server, as: teacherAgain) == nil)
        #expect(try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: teacherAgain).status == 403)
        // The roster names whom the registrar enrolled, not the newcomer.
        let roster = try await server.send(.GET, "/v1/sections/\(section)/roster?term=202630", token: registrarAgain)
        #expect(roster.status == 200, "\(roster.text.prefix(300))")
        #expect(roster.text.contains("Phoenix Fenwick") && !roster.text.contains("Pat Fenwick"), "\(roster.text.prefix(600))")
    }

    /// Runs `statement` on `server`'s index file with the sqlite3 shell: a crawl's outcome made by hand.
    private static func edit(_ server: RoutedServer, _ statement: String) throws {
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [server.root.appendingPathComponent("index.sqlite").path, statement]
        try sqlite.run()
        sqlite.waitUntilExit()
        #expect(sqlite.terminationStatus == 0, "\(statement)")
    }

    @Test("a registration of the one before for a term to come, crawled after the username changed hands, is theirs: its Banner ID tells")
    func laterRegistrationOfTheOneBeforeIsTheirs() async throws {
        let clock = SettableClock(try #require(ISO8601DateFormatter().date(from: "2026-04-01T16:00:00Z")))
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        let registrar = try await server.logIn("marchk")
        let before = try await server.send(.GET, "/v1/people/alderk/schedule?term=202640", token: registrar)
        #expect((before.json["sections"] as? [Any])?.isEmpty == false, "Kit Alder registered for 202640: \(before.text.prefix(300))")

        try await DirectoryEdit.sync(server, leavingOut: ["alderk"], now: clock.now())
        clock.advance(86_400)  // the day a username is free before another holds it (DirectoryStanding.reuseAfter)
        let renamed = ["displayName: Kit Alder": "displayName: Kai Alder", "cn: Kit Alder": "cn: Kai Alder"]
        try await DirectoryEdit.sync(server, replacing: renamed, now: clock.now())
        // As if the 202640 registration were crawled only after the handover: no row of it kept aside.
        try Self.edit(server, "DELETE FROM handed_over_rows WHERE username = 'alderk' AND term = '202640'")
        clock.advance(60)
        try await DirectoryEdit.sync(server, replacing: renamed, now: clock.now())  // a write: the next read sees the index anew

        let newcomer = try await server.logIn("alderk")
        for token in [newcomer, try await server.logIn("marchk")] {
            let history = try await server.send(.GET, "/v1/people/alderk/history", token: token)
            #expect(history.status == 200 && (history.json["terms"] as? [Any])?.isEmpty == true, "\(history.text.prefix(400))")
            #expect(!history.text.contains("800501061"), "\(history.text.prefix(400))")
        }
    }

    @Test("in a term the next holder registered for too, each row of the one before stays theirs by its Banner ID; their name finds nobody; the audit of the student starts at the arrival")
    func rowsOfTheOneBeforeStayTheirsRowByRow() async throws {
        let clock = SettableClock(try #require(ISO8601DateFormatter().date(from: "2026-04-01T16:00:00Z")))
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        let before = try await server.send(.GET, "/v1/people/alderk/schedule?term=202640", token: try await server.logIn("marchk"))
        let sections = (before.json["sections"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        let section = try #require(sections.first, "Kit Alder registered for 202640: \(before.text.prefix(300))")

        try await DirectoryEdit.sync(server, leavingOut: ["alderk"], now: clock.now())
        clock.advance(86_400)  // the day a username is free before another holds it (DirectoryStanding.reuseAfter)
        let renamed = ["displayName: Kit Alder": "displayName: Kai Newman", "cn: Kit Alder": "cn: Kai Newman", "givenName: Kit": "givenName: Kai"]
        try await DirectoryEdit.sync(server, replacing: renamed, now: clock.now())
        // As if 202640 were crawled after the handover with the new holder's own registration in it
        // too: the term's reading is the new holder's, the rows of the one before keep their Banner ID.
        try Self.edit(server, "DELETE FROM handed_over_rows WHERE username = 'alderk' AND term = '202640'")
        try Self.edit(server, "UPDATE term_people SET person = json_set(person, '$.bannerID', '800599999', '$.name', 'Kai Newman') "
            + "WHERE username = 'alderk' AND term = '202640'")
        clock.advance(60)
        try await DirectoryEdit.sync(server, replacing: renamed, now: clock.now())  // a write: the next read sees the index anew

        let newcomer = try await server.logIn("alderk")
        let history = try await server.send(.GET, "/v1/people/alderk/history", token: newcomer)
        #expect(history.status == 200 && !history.text.contains(section), "\(history.text.prefix(400))")
        let registrar = try await server.logIn("marchk")  // the first session ended with the days gone by
        let roster = try await server.send(.GET, "/v1/sections/\(section)/roster?term=202640", token: registrar)
        let row = (roster.json["students"] as? [[String: Any]] ?? []).first { $0["username"] as? String == "alderk" }
        #expect(row?["bannerId"] as? String == "800501061" && !roster.text.contains("Newman"), "\(roster.text.prefix(600))")
        #expect(row?["email"] is NSNull, "the one before's row has no address under the username: \(String(describing: row))")
        let page = try await server.page("/sections/\(section)/roster?term=202640", session: registrar)
        #expect(page.status == 200 && !page.text.contains("href=\"/people/alderk\"") && page.text.contains("a username someone else holds now"),
                "no link to the card of the one who holds the username now: \(page.text.prefix(300))")
        let overlay = try await server.send(.POST, "/v1/overlay", token: registrar, json: ["roster": section, "term": "202640"])
        #expect(overlay.status == 200 && !overlay.text.contains("\"alderk\""), "nor their week in an overlay of the roster: \(overlay.text.prefix(300))")

        let search = try await server.send(.GET, "/v1/search?q=kit+alder", token: registrar)
        #expect(!search.text.contains("\"alderk\""), "the one before's name finds nobody: \(search.text.prefix(400))")
        #expect(try await server.send(.GET, "/v1/search?q=kai+newman", token: registrar).text.contains("\"alderk\""))
        let audit = try await server.send(.GET, "/v1/audit?student=alderk", token: registrar)
        #expect(audit.status == 200 && !audit.text.contains("\"subject\":\"alderk\""), "the registrar's look before the arrival was at the one before: \(audit.text.prefix(400))")
    }

    @Test("an advisor the registrar alone names is not the next holder of the advisor's username: no advisor's view, no advisor on the card")
    func registrarsAdvisorIsNotTheNextHolder() async throws {
        let clock = SettableClock(Date())
        let server = try await RoutedServer.start(clock: clock)
        defer { Task { await server.stop() } }
        // The directory names no advisors: brennam's (whitfid) is the registrar's word alone.
        let unnamed = "campusAdvisor: uid=whitfid,ou=People,dc=rose-hulman,dc=edu"
        try await DirectoryEdit.sync(server, replacing: [unnamed: "description: advisor left to the registrar"], now: clock.now())
        clock.advance(60)
        let advisor = try await server.logIn("whitfid")
        #expect(try await server.send(.GET, "/v1/people/brennam/history", token: advisor).status == 200)
        let card = try await server.send(.GET, "/v1/people/brennam", token: try await server.logIn("marchk"))
        #expect(card.text.contains("\"username\":\"whitfid\""), "\(card.text.prefix(400))")

        try await DirectoryEdit.sync(server, replacing: [unnamed: "description: advisor left to the registrar"], leavingOut: ["whitfid"], now: clock.now())
        clock.advance(86_400)  // the day a username is free before another holds it (DirectoryStanding.reuseAfter)
        try await DirectoryEdit.sync(server, replacing: [unnamed: "description: advisor left to the registrar",
                                                         "displayName: Dana Whitfield": "displayName: Drew Whitfield"], now: clock.now())
        clock.advance(60)
        let newcomer = try await server.logIn("whitfid")
        #expect(try await server.send(.GET, "/v1/people/brennam/history", token: newcomer).status == 403)
        #expect(try await server.send(.GET, "/v1/people/brennam/schedule?term=202630", token: newcomer).status == 403)
        let registrar = try await server.logIn("marchk")
        let after = try await server.send(.GET, "/v1/people/brennam", token: registrar)
        #expect(after.status == 200 && !after.text.contains("Whitfield"), "\(after.text.prefix(400))")
        // Nor anywhere else a person is shown: schedule, history, search, roster.
        for path in ["/v1/people/brennam/schedule?term=202630", "/v1/people/brennam/history"] {
            let person = try await server.send(.GET, path, token: registrar).json["person"] as? [String: Any]
            #expect(person?["advisor"] is NSNull, "\(path): \(String(describing: person))")
        }
        let search = try await server.send(.GET, "/v1/search?q=brennam", token: registrar)
        let found = (search.json["matches"] as? [[String: Any]])?.first?["person"] as? [String: Any]
        #expect(found?["advisor"] is NSNull, "\(String(describing: found))")
    }

    @Test("what someone teaches, asked without a term, is looked for among the terms they teach: the same answer whatever a student takes")
    func teachingTermTellsNothingOfEnrollment() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let barlowk = try await server.logIn("barlowk")
        var details: Set<String> = []
        // brandtn1 took classes in 202610 and 202620, fenwicp in 202630 too, holte in 202640 as well; none teaches.
        for student in ["brandtn1", "fenwicp", "holte", "aldridw"] {
            let answer = try await server.send(.GET, "/v1/instructors/\(student)/sections", token: barlowk)
            #expect(answer.status == 404, "\(student): \(answer.text)")
            details.insert((answer.json["detail"] as? String ?? "").replacingOccurrences(of: student, with: "X"))
        }
        #expect(details.count == 1, "\(details)")
        let teacher = try await server.send(.GET, "/v1/instructors/whitfid/sections", token: barlowk)
        #expect(teacher.status == 200 && (teacher.json["sections"] as? [Any])?.isEmpty == false, "\(teacher.text.prefix(300))")
    }

    @Test("a purpose holding a direction mark or override, an invisible, filler or control character, or more characters than allowed in combining marks is refused, naming the purpose")
    func purposesAreShownAsWritten() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let fenwicp = try await server.logIn("fenwicp")
        let longMarks = "a" + String(repeating: "\u{301}", count: 300)
        for purpose in ["lab \u{202E}exe.txt", "see \u{2067}this", "bell\u{07}", "lab \u{200E}partners", "zero\u{200B}width", "two\u{2028}lines",
                        "tag\u{E0001}", "bom\u{FEFF}", "\u{3164}\u{3164}\u{3164}", "\u{115F}", "a\u{034F}b", "x\u{17B4}y", "v\u{FE00}s", "\u{200D}\u{FE0F}\u{200D}",
                        "\u{FE0F}", "lab" + String(repeating: "\u{FE0F}", count: 20), "\u{2800}\u{2800}", "\u{0301}\u{0301}",
                        "\u{1D159}\u{1D159}", "\u{FFFC}", "1\u{200D}2\u{200D}3", longMarks] {
            let shared = try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: ["with": "brennam", "purpose": purpose])
            #expect(shared.status == 400 && (shared.json["detail"] as? String)?.contains("purpose") == true, "\(shared.text)")
            let asked = try await server.send(.POST, "/v1/me/requests", token: fenwicp, json: ["to": "brennam", "purpose": purpose])
            #expect(asked.status == 400 && (asked.json["detail"] as? String)?.contains("purpose") == true, "\(asked.text)")
        }
        let plain = try await server.send(.POST, "/v1/me/sharing", token: fenwicp, json: ["with": "brennam", "purpose": "لاب CHEM111 — ok 👩\u{200D}💻 ❤\u{FE0F} 👩\u{200D}❤\u{FE0F}\u{200D}👨 café"])
        #expect(plain.status == 201, "\(plain.text)")
    }

    @Test("a refused request past the day's limit says when to try again, in Retry-After and in words")
    func tooOftenSaysWhen() async throws {
        let server = try await RoutedServer.start(["--requests-per-day", "1"])
        defer { Task { await server.stop() } }
        let brennam = try await server.logIn("brennam")
        #expect(try await server.send(.POST, "/v1/me/requests", token: brennam, json: ["to": "fenwicp"]).status == 201)
        let refused = try await server.send(.POST, "/v1/me/requests", token: brennam, json: ["to": "pikej"])
        #expect(refused.status == 429, "\(refused.text)")
        let seconds = try #require(refused.header("Retry-After").flatMap { Int($0) }, "\(refused.headers)")
        #expect((86_000...86_400).contains(seconds), "\(seconds)")
        #expect((refused.json["detail"] as? String)?.contains("try again in 2") == true || (refused.json["detail"] as? String)?.contains("try again in 1") == true,
                "\(refused.text)")
        let form = try await server.post("/requests", [("to", "pikej"), ("next", "/sharing")], session: brennam)
        #expect(form.status == 429 && form.header("Retry-After") != nil, "\(form.status) \(form.headers)")
    }

    @Test("the log-in page tells of a directory outage what the API does, never its address")
    func outagesSayTheSameEverywhere() async throws {
        let server = try await LiveServer.start(directorySettings: """
            directory:
              url: ldap://127.0.0.1:1
              base: ou=People,dc=rose-hulman,dc=edu
            """)
        defer { Task { await server.stop() } }
        let api = try await server.send(.POST, "/v1/session", json: ["username": "brennam", "password": "demo-brennam"])
        #expect(api.status == 503, "\(api.text)")
        let form = try await server.page("/login")
        let cookie = try #require(form.setCookie("campus_login"))
        let token = String(cookie.dropFirst("campus_login=".count).prefix { $0 != ";" })
        let page = try await server.post("/login", [("username", "brennam"), ("password", "demo-brennam"), ("next", "/")], csrf: token,
                                         cookies: ["campus_login=\(token)"])
        #expect(page.status == 503, "\(page.readable.prefix(400))")
        // Unanswered log-ins are no failures: the outage locks nobody out.
        for _ in 0..<12 {
            #expect(try await server.send(.POST, "/v1/session", json: ["username": "brennam", "password": "demo-brennam"]).status == 503)
        }
        for answer in [api.text, page.text] {
            #expect(!answer.contains("ldap://") && !answer.contains("127.0.0.1:1"), "\(answer.prefix(600))")
            #expect(answer.contains("does not answer"), "\(answer.prefix(600))")
        }
    }

    @Test("overlay and meet groups the API document allows are not refused as malformed; those it refuses, it declares")
    func documentDeclaresGroupNames() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let document = try await server.send(.GET, "/openapi.json").json
        let schemas = try #require((document["components"] as? [String: Any])?["schemas"] as? [String: Any])
        for (name, path) in [("OverlayRequest", "/v1/overlay"), ("MeetRequest", "/v1/meet")] {
            let properties = try #require((schemas[name] as? [String: Any])?["properties"] as? [String: Any])
            let items = try #require((properties["groups"] as? [String: Any])?["items"] as? [String: Any])
            let pattern = try #require(items["pattern"] as? String)
            let expression = try NSRegularExpression(pattern: pattern)
            func allowed(_ text: String) -> Bool {
                expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil && text.count >= (items["minLength"] as? Int ?? 0)
            }
            let token = try await server.logIn("brennam")
            for group in ["", " ", "a b", "x/", "/x", "@study", "a/b/c"] {
                #expect(!allowed(group), "\(name) allows '\(group)'")
                let answer = try await server.send(.POST, path, token: token, json: ["groups": [group], "term": "202630"])
                #expect(answer.status == 400, "\(path) '\(group)': \(answer.text)")
            }
            for group in ["study", "owner/study", "a.b_c-d"] {
                #expect(allowed(group), "\(name) refuses '\(group)'")
                let answer = try await server.send(.POST, path, token: token, json: ["groups": [group], "term": "202630"])
                #expect(answer.status != 400, "\(path) '\(group)': \(answer.text)")
            }
        }
    }
}

/// The demo directory with lines changed and people left out, synced into a test server's
/// index from LDIF (a full sync: whoever is left out leaves the directory).
enum DirectoryEdit {
    static func sync(_ server: RoutedServer, replacing: [String: String] = [:], leavingOut: [String] = [], now: Date = Date()) async throws {
        var ldif = try String(contentsOf: DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif"), encoding: .utf8)
        for (plain, changed) in replacing {
            #expect(ldif.contains(plain + "\n"), "the demo directory has no line '\(plain)'")
            ldif = ldif.replacingOccurrences(of: plain + "\n", with: changed + "\n")
        }
        ldif = ldif.components(separatedBy: "\n\n").filter { entry in
            !leavingOut.contains { entry.hasPrefix("dn: uid=\($0),") || entry.contains("\ndn: uid=\($0),") }
        }.joined(separator: "\n\n")
        let file = server.root.appendingPathComponent("directory-\(UUID().uuidString).ldif")
        try ldif.write(to: file, atomically: true, encoding: .utf8)
        let campus = try ServerFiles.campus(in: server.root)
        _ = try await server.service.syncDirectory(
            try campus.directorySyncRequest(DirectorySyncOptions(ldif: file.path)), as: .operator(), now: now)
    }
}

/// What one person's kept favorites cost a lookup of them.
@Suite("Favorites cost what a page of them holds", .serialized)
struct FavoritesPagingTests {
    @Test("a page of favorites looks up the page alone: limit bounds the people read and the disclosures; the week lists 20 with a link to the rest")
    func aPageCostsItsFavorites() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let registrar = try await server.logIn("marchk")
        let caller = try await server.service.caller(token: registrar, now: Date())
        let people = try String(contentsOf: DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif"), encoding: .utf8)
            .components(separatedBy: "\n").filter { $0.hasPrefix("uid: ") }.map { String($0.dropFirst(5)) }
            .filter { !["ashbye", "holtq", "marchk"].contains($0) }
        for group in 0..<3 {
            for person in people.prefix(30) {
                #expect(try await server.service.addFavorite(person, group: "g\(group)", as: caller, now: Date()))
            }
        }
        let before = try await server.send(.GET, "/v1/audit?limit=1", token: registrar).json["total"] as? Int ?? -1
        let one = try await server.send(.GET, "/v1/me/favorites?limit=1", token: registrar)
        #expect(one.status == 200 && (one.json["favorites"] as? [Any])?.count == 1 && one.json["total"] as? Int == 90, "\(one.text.prefix(300))")
        let after = try await server.send(.GET, "/v1/audit?limit=1", token: registrar).json["total"] as? Int ?? -1
        #expect(after - before <= 1, "one favorite looked up, at most one disclosure: \(after - before)")
        let next = try #require(one.json["next"] as? String)
        let second = try await server.send(.GET, "/v1/me/favorites?limit=1&cursor=\(next)", token: registrar)
        let firstName = (one.json["favorites"] as? [[String: Any]])?.first?["username"] as? String
        let secondName = (second.json["favorites"] as? [[String: Any]])?.first?["username"] as? String
        #expect(firstName != nil && secondName != nil && firstName != secondName, "\(second.text.prefix(300))")

        let most = try await server.send(.GET, "/v1/me/favorites?limit=500", token: registrar)
        #expect((most.json["favorites"] as? [Any])?.count == 50 && most.json["next"] is String, "a page holds at most 50: \(most.text.prefix(200))")
        let week = try await server.page("/", session: registrar)
        #expect(week.status == 200)
        #expect(week.readable.contains("1-20 of 90 favorites"), "\(week.readable.suffix(500))")
        let more = try #require(week.text.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
            .first { $0.contains("favorites=") }?.replacingOccurrences(of: "&amp;", with: "&"))
        let page2 = try await server.page(more, session: registrar)
        #expect(page2.status == 200 && page2.readable.contains("21-40 of 90 favorites"), "\(more): \(page2.readable.suffix(400))")
    }
}

/// What a person is told when failed log-ins lock their account.
@Suite("Lockouts told to the account's owner", .serialized)
struct LockoutNoticeTests {
    @Test("the failure that locks an account is listed on its owner's log-ins, API and page, with the network; not before, and nobody else's")
    func lockoutIsListed() async throws {
        let server = try await RoutedServer.start(["--login-failures", "3"])
        defer { Task { await server.stop() } }
        let brennam = try await server.logIn("brennam")
        let pikej = try await server.logIn("pikej")
        func lockouts(_ token: String) async throws -> [[String: Any]] {
            let answer = try await server.send(.GET, "/v1/me/sessions", token: token)
            #expect(answer.status == 200, "\(answer.text)")
            return answer.json["lockouts"] as? [[String: Any]] ?? []
        }
        for attempt in 1...3 {
            #expect(try await lockouts(brennam).isEmpty, "not locked before the third failure (attempt \(attempt))")
            let failed = try await server.send(.POST, "/v1/session", json: ["username": "brennam", "password": "wrong-\(attempt)"])
            #expect(failed.status == 401, "\(failed.text)")
        }
        #expect(try await server.send(.POST, "/v1/session", json: ["username": "brennam", "password": "demo-brennam"]).status == 429)
        let listed = try await lockouts(brennam)
        #expect(listed.count == 1, "\(listed)")
        #expect(listed.first?["network"] is String && listed.first?["at"] is String && listed.first?["until"] is String, "\(listed)")
        #expect(try await lockouts(pikej).isEmpty)
        let page = try await server.page("/sessions", session: brennam)
        #expect(page.status == 200 && page.readable.contains("Locked") && page.readable.contains("From the network"), "\(page.readable.suffix(600))")
        let theirs = try await server.page("/sessions", session: pikej)
        #expect(theirs.readable.contains("None in the last 30 days"), "\(theirs.readable.suffix(400))")

        // Wrong passwords sent at once lock once, and are told once.
        let statuses = await withTaskGroup(of: Int.self) { group in
            for attempt in 0..<6 {
                group.addTask { (try? await server.send(.POST, "/v1/session", json: ["username": "pikej", "password": "wrong-\(attempt)"]).status) ?? 0 }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 401 || $0 == 429 }, "\(statuses)")
        #expect(try await lockouts(pikej).count == 1, "one lock, one record")
    }
}
