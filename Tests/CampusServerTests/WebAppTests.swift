import CampusCore
import CampusLookup
import Foundation
import NIOHTTP1
import Testing

/// The web app over real HTTP on the demo campus, with log-in against a real slapd: every page
/// renders within its limits and headers, sessions and forms are guarded, and each page shows
/// exactly what the API shows the same person.
@Suite("The web app", .serialized)
struct WebAppTests {
    static let pages = [
        "/", "/?term=202620", "/search", "/search?q=whitfield", "/search?q=zzqxq", "/search?q=CSSE47&partial=1", "/people/whitfid",
        "/people/brennam", "/people/brennam/schedule?term=202630", "/sections/CHEM111-02?term=202630",
        "/sections/CHEM111-02/roster?term=202630", "/rooms/O169?term=202630", "/rooms/free", "/rooms/free?when=at&day=M&time=10:00&for=60&term=202630",
        "/meet", "/meet?members=brennam&term=202630", "/shares",
    ]

    @Test("every page renders for a student: HTML under 100 KB, a strict CSP, never cached, same-origin referrers, no template left")
    func everyPage() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let session = try await server.logIn("brennam")
        for path in Self.pages {
            let page = try await server.page(path, session: session)
            #expect(page.status == 200, "\(path): \(page.status) \(page.readable.prefix(300))")
            #expect(page.header("Content-Type") == "text/html; charset=utf-8", "\(path)")
            #expect(page.body.count < 100_000, "\(path) is \(page.body.count) bytes")
            #expect(page.header("Cache-Control") == "no-store", "\(path)")
            #expect(page.header("Referrer-Policy") == "same-origin", "\(path)")
            let policy = page.header("Content-Security-Policy") ?? ""
            #expect(policy.contains("script-src 'self'") && policy.contains("default-src 'none'") && !policy.contains("unsafe"), "\(path)")
            #expect(!page.text.contains("{{") && !page.text.contains("<script>") && !page.text.contains("style="), "\(path)")
            #expect(path.contains("partial=1") || page.text.contains("<main id=\"main\""), "\(path)")
        }
        let winter = try await server.page("/?term=202620", session: session)
        #expect(winter.text.contains("<option value=\"202620\" selected>") && !winter.text.contains("<option value=\"202630\" selected>"))
        let free = try await server.page("/rooms/free?when=at&day=W&time=13:30&for=90&term=202630", session: session)
        #expect(free.text.contains("<option value=\"W\" selected>") && free.text.contains("<option value=\"90\" selected>")
            && free.text.contains("id=\"when-at\" name=\"when\" value=\"at\" checked"))
        #expect(free.readable.contains("Free Wednesday 1:30pm for 1h30m"))
    }

    @Test("without a session a page sends the browser to log in, and back to it afterwards")
    func anonymous() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        for path in ["/", "/people/valer?x=1", "/rooms/free", "/meet?members=brennam"] {
            let page = try await server.page(path)
            #expect(page.status == 303, "\(path)")
            let location = try #require(page.header("Location"))
            #expect(location.hasPrefix("/login?next=/"), "\(location)")
        }
        #expect(try await server.page("/", session: "not-a-session").status == 303)
        let unknown = try await server.page("/no/such/page")
        #expect(unknown.status == 404 && unknown.header("Content-Type")?.hasPrefix("text/html") == true)
        let api = try await server.page("/v1/no-such-route")
        #expect(api.status == 404 && api.header("Content-Type") == "application/problem+json", "the API keeps its problem documents")
        #expect(try await server.page("/v1/overlay").status == 405)
    }

    @Test("log in through the form: its own token and this site's Origin, the session cookie, back to where it was going")
    func logInForm() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let form = try await server.page("/login?next=/people/valer")
        #expect(form.status == 200 && form.text.contains("autocomplete=\"current-password\""))
        let cookie = try #require(form.setCookie("campus_login"))
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/login"))
        let token = String(cookie.dropFirst("campus_login=".count).prefix { $0 != ";" })
        #expect(form.text.contains("name=\"csrf\" value=\"\(token)\"") && form.text.contains("value=\"/people/valer\""))
        let login = [("username", "brennam"), ("password", "demo-brennam"), ("next", "/people/valer")]

        let wrongPassword = try await server.post("/login", [("username", "brennam"), ("password", "nope"), ("next", "/")], csrf: token,
                                                  cookies: ["campus_login=\(token)"])
        #expect(wrongPassword.status == 401 && wrongPassword.readable.contains("do not match") && wrongPassword.setCookie("campus_session") == nil)
        #expect(wrongPassword.text.contains("value=\"brennam\""), "the username is kept, the password not")
        let noToken = try await server.post("/login", login, csrf: "forged", cookies: ["campus_login=\(token)"])
        #expect(noToken.status == 403 && noToken.setCookie("campus_session") == nil)
        let otherSite = try await server.post("/login", login, csrf: token, origin: "https://evil.example", cookies: ["campus_login=\(token)"])
        #expect(otherSite.status == 403 && otherSite.setCookie("campus_session") == nil)

        let done = try await server.post("/login", login, csrf: token, cookies: ["campus_login=\(token)"])
        #expect(done.status == 303 && done.header("Location") == "/people/valer")
        let session = try #require(done.setCookie("campus_session"))
        for part in ["HttpOnly", "Secure", "SameSite=Strict", "Path=/"] { #expect(session.contains(part), "\(session)") }
        let value = String(session.dropFirst("campus_session=".count).prefix { $0 != ";" })
        #expect(try await server.page("/", session: value).status == 200)

        let offsite = try await server.post("/login", [("username", "brennam"), ("password", "demo-brennam"), ("next", "//evil.example/x")],
                                            csrf: token, cookies: ["campus_login=\(token)"])
        #expect(offsite.header("Location") == "/", "never on to another site")

        let out = try await server.post("/logout", [], session: value)
        #expect(out.status == 303 && out.header("Location") == "/login")
        #expect(try await server.page("/", session: value).status == 303, "the session ended at once")
    }

    @Test("a form needs the session's token and this site's Origin")
    func forms() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let session = try await server.logIn("brennam")
        let forged = try await server.post("/favorites", [("username", "whitfid")], session: session, csrf: "guessed")
        #expect(forged.status == 403 && forged.readable.contains("expired"))
        let otherSite = try await server.post("/favorites", [("username", "whitfid")], session: session, origin: "https://evil.example")
        #expect(otherSite.status == 403)
        let huge = try await server.post("/favorites", [("username", String(repeating: "x", count: 20_000))], session: session)
        #expect(huge.status == 413 && huge.header("Content-Type")?.hasPrefix("text/html") == true, "a form over 16 KiB: \(huge.status)")
        let other = try await server.logIn("quinna")
        let theirToken = try await server.post("/favorites", [("username", "whitfid")], session: session, csrf: FormToken.of(session: other))
        #expect(theirToken.status == 403, "another session's token is no token of this one")
        #expect((try await server.send(.GET, "/v1/me/favorites", token: session).json["total"] as? Int) == 0)
        let added = try await server.post("/favorites", [("username", "whitfid")], session: session)
        #expect(added.status == 303 && added.header("Location") == "/people/whitfid?added=1")
        #expect((try await server.send(.GET, "/v1/me/favorites", token: session).json["total"] as? Int) == 1)
        let me = try await server.page("/", session: session)
        #expect(me.readable.contains("Dana Whitfield"), "my favorites on my week")
    }

    @Test("a page shows a person exactly what the API shows them: a classmate's roster as names and e-mail, another's refused naming the rule")
    func policy() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let session = try await server.logIn("brennam")
        let api = try await server.send(.GET, "/v1/sections/CHEM111-02/roster?term=202630&limit=500", token: session)
        let students = try #require(api.json["students"] as? [[String: Any]])
        let page = try await server.page("/sections/CHEM111-02/roster?term=202630", session: session)
        #expect(page.status == 200)
        for student in students {
            #expect(page.text.contains(student["email"] as? String ?? "?"), "\(student)")
            #expect(student["major"] == nil)
        }
        #expect(!page.readable.contains("Major") && page.readable.contains("\(students.count) students"))
        #expect(page.text.contains("mailto:?bcc="), "e-mail the class, each address a blind copy")
        let denied = try await server.page("/sections/CSSE474-02/roster?term=202630", session: session)
        #expect(denied.status == 403 && denied.readable.contains("rule 'roster'"), "\(denied.readable.prefix(400))")
        let suppressed = try await server.page("/people/ashbye", session: session)
        let unknown = try await server.page("/people/zzqxnobody", session: session)
        #expect(suppressed.status == 404 && unknown.status == 404 && suppressed.readable.contains("ashbye") == unknown.readable.contains("zzqxnobody"))
        let classmate = try await server.page("/people/paxtonr", session: session)
        #expect(classmate.readable.contains("not shown to you"), "a classmate's week is withheld")
        let instructor = try await server.page("/people/whitfid", session: session)
        #expect(instructor.readable.contains("Teaching"), "what an instructor teaches is a listing")
        let registrar = try await server.logIn("marchk")
        let whole = try await server.page("/sections/CSSE474-02/roster?term=202630", session: registrar)
        #expect(whole.status == 200 && whole.readable.contains("Major"))
    }

    @Test("a page records a disclosure only of what it shows: my favorites' weeks on my week, not on someone else's card")
    func disclosures() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let advisor = try await server.logIn("whitfid")
        let registrar = try await server.logIn("marchk")
        #expect(try await server.send(.PUT, "/v1/me/favorites/fenwicp", token: advisor).status == 201)
        func recorded() async throws -> Int {
            try await server.send(.GET, "/v1/audit?viewer=whitfid&subject=fenwicp", token: registrar).json["total"] as? Int ?? -1
        }
        let before = try await recorded()
        for path in ["/people/valer", "/meet", "/shares", "/search?q=vale"] {
            #expect(try await server.page(path, session: advisor).status == 200)
        }
        #expect(try await recorded() == before, "pages that show nothing of fenwicp disclose nothing of fenwicp")
        #expect(try await server.page("/", session: advisor).readable.contains("Phoenix Fenwick"))
        #expect(try await recorded() == before + 1, "my week shows where my advisee is: recorded")
    }

    @Test("free rooms and meet list what the API lists; the invitation downloads; shares show their link once and revoke")
    func meetingsAndShares() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let session = try await server.logIn("whitfid")
        let api = try await server.send(.GET, "/v1/rooms/free?at=M+10:00&for=60&term=202630&limit=500", token: session)
        let page = try await server.page("/rooms/free?when=at&day=M&time=10:00&for=60&term=202630", session: session)
        let rooms = try #require(api.json["rooms"] as? [[String: Any]]).compactMap { $0["room"] as? String }
        #expect(!rooms.isEmpty)
        for room in rooms { #expect(page.text.contains(">\(room)</a>"), "\(room)") }
        #expect(page.readable.contains("\(rooms.count) of"))
        let pastMidnight = try await server.page("/rooms/free?when=at&day=F&time=23:30&for=60&building=O&term=202630", session: session)
        #expect(pastMidnight.status == 200 && pastMidnight.readable.contains("for 30m in O"), "the rest of the day: \(pastMidnight.readable.prefix(400))")
        #expect(pastMidnight.text.contains("<option value=\"F\" selected>") && pastMidnight.text.contains("value=\"23:30\"")
                    && pastMidnight.text.contains("id=\"when-at\" name=\"when\" value=\"at\" checked"), "the form as filled in")
        let noBuilding = try await server.page("/rooms/free?when=at&day=M&time=10:00&building=ZZ&term=202630", session: session)
        #expect(noBuilding.status == 404 && noBuilding.readable.contains("Did you mean:") && noBuilding.text.contains("value=\"ZZ\""))

        // The page searches the default term, as the API does without one.
        let some = try await server.send(.GET, "/v1/search?q=csse&type=section&limit=1", token: session)
        let id = try #require((some.json["matches"] as? [[String: Any]])?.first?["id"] as? String)
        let csse = try await server.send(.GET, "/v1/courses/CSSE?term=202630&limit=500", token: session)
        let crossListed = try #require((csse.json["sections"] as? [[String: Any]])?.first {
            ($0["crossListedWith"] as? [String])?.isEmpty == false && ($0["comments"] as? String)?.contains("Cross-listed") == true
        })
        let partner = try #require((crossListed["crossListedWith"] as? [String])?.first)
        let sectionPage = try await server.page("/sections/\(crossListed["id"] as? String ?? "?")?term=202630", session: session)
        #expect(sectionPage.readable.components(separatedBy: "Cross-listed").count == 2, "said once: \(sectionPage.readable)")
        #expect(sectionPage.text.contains("<a href=\"/sections/\(partner)?term=202630\">\(partner)</a>"), "the section it is cross-listed with, linked")

        let found = try await server.send(.GET, "/v1/search?q=\(id)&type=section", token: session)
        let sections = try #require(found.json["matches"] as? [[String: Any]])
        #expect(!sections.isEmpty)
        let results = try await server.page("/search?q=\(id)", session: session)
        for match in sections {
            let meetings = try #require((match["section"] as? [String: Any])?["meetings"] as? [[String: Any]])
            for meeting in meetings {
                let start = try #require(ClockTime(iso: meeting["start"] as? String ?? ""))
                #expect(results.readable.contains("\(meeting["days"] as? String ?? "?") \(start.twelveHour)-"), "\(meeting)")
            }
            if !meetings.isEmpty, let raw = match["detail"] as? String {
                #expect(!results.readable.contains(raw), "the registrar's '\(raw)' said in words")
            }
        }

        let meet = try await server.send(.POST, "/v1/meet", token: session, json: ["members": ["whitfid", "fenwicp"], "term": "202630", "top": 5])
        let times = try #require(meet.json["suggestions"] as? [[String: Any]])
        let meetPage = try await server.page("/meet?members=whitfid+fenwicp&term=202630", session: session)
        #expect(meetPage.status == 200 && meetPage.text.contains("level-"), "the coloured grid")
        #expect(meetPage.text.contains("<span class=\"names\">Dana Whitfield") && !meetPage.text.contains("<span class=\"names\">whitfid"),
                "the busy are named by name")
        #expect(meetPage.text.contains("<th scope=\"row\">8:00am</th>"), "hours say am or pm")
        for time in times {
            let day = ["M": "Mon", "T": "Tue", "W": "Wed", "R": "Thu", "F": "Fri"][time["day"] as? String ?? ""] ?? "?"
            #expect(meetPage.readable.contains(day), "\(time)")
        }
        let invitation = try await server.page("/meet/invitation.ics?members=whitfid+fenwicp&term=202630&week=2026-03-30&invite=1", session: session)
        #expect(invitation.status == 200 && invitation.header("Content-Type")?.hasPrefix("text/calendar") == true)
        #expect(invitation.header("Content-Disposition")?.contains("attachment") == true && invitation.text.contains("ORGANIZER;CN=\"Dana Whitfield\""))
        let blank = try await server.page("/meet", session: session)
        #expect(blank.text.contains("<input type=\"checkbox\" id=\"me\" name=\"me\" checked>"), "a new form counts me in")
        let withMe = try await server.page("/meet?members=fenwicp&me=on&term=202630", session: session)
        #expect(withMe.readable.contains("2 people") && withMe.readable.contains("Dana Whitfield"), "\(withMe.readable.prefix(600))")
        #expect(withMe.text.contains("name=\"me\" checked"))
        let withoutMe = try await server.page("/meet?members=fenwicp&term=202630", session: session)
        #expect(withoutMe.readable.contains("1 person") && !withoutMe.text.contains("name=\"me\" checked"))
        let named = try await server.page("/meet?members=whitfid+fenwicp&me=on&term=202630", session: session)
        #expect(named.readable.contains("2 people"), "me named as well is counted once")
        let myInvitation = try await server.page("/meet/invitation.ics?members=fenwicp&me=on&term=202630&week=2026-03-30&invite=1", session: session)
        #expect(myInvitation.status == 200 && myInvitation.text.replacingOccurrences(of: "\r\n ", with: "").contains("ATTENDEE;CN=\"Dana Whitfield\""))
        let student = try await server.logIn("brennam")
        let typo = try await server.page("/meet?members=fenwicp+whitfld&for=90&term=202630", session: session)
        #expect(typo.status == 404 && typo.text.contains("role=\"alert\"") && typo.readable.contains("whitfld"), "\(typo.status)")
        #expect(typo.readable.contains("Did you mean: whitfid"), "close matches on the form")
        #expect(typo.text.contains("value=\"fenwicp whitfld\"") && typo.text.contains("<option value=\"90\" selected>"), "the form as filled in")
        let tooLong = try await server.page("/meet?members=fenwicp&for=240&from=09:00&to=11:00&term=202630", session: session)
        #expect(tooLong.status == 400 && tooLong.text.contains("role=\"alert\"") && tooLong.text.contains("<form"), "\(tooLong.status)")
        let denied = try await server.page("/meet?members=brennam+fenwicp&term=202630", session: student)
        #expect(denied.status == 403 && denied.readable.contains("fenwicp"), "a member the caller may not see is named")

        let made = try await server.post("/shares", [("content", "schedule")], session: student)
        #expect(made.status == 201)
        let link = try #require(made.text.range(of: "/v1/feeds/[A-Za-z0-9_-]+\\.ics", options: .regularExpression).map { String(made.text[$0]) })
        #expect(try await server.send(.GET, link).status == 200)
        #expect(made.text.contains("webcal://"))
        let listed = try await server.page("/shares", session: student)
        #expect(!listed.text.contains(link), "the link is shown once")
        let revoke = try #require(listed.text.range(of: "/shares/[A-Za-z0-9_-]+/revoke", options: .regularExpression).map { String(listed.text[$0]) })
        #expect(try await server.post(revoke, [], session: student).status == 303)
        #expect(try await server.send(.GET, link).status == 404, "revoked at once")
    }

    @Test("text from the index and the request is escaped; the assets are cached by version and tag")
    func escapingAndAssets() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let session = try await server.logIn("brennam")
        let search = try await server.page("/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E", session: session)
        #expect(search.status == 200 && !search.text.contains("<script>alert") && search.text.contains("&lt;script&gt;"))
        let page = try await server.page("/", session: session)
        let css = try #require(page.text.range(of: "/assets/app.css\\?v=[0-9a-f]{16}", options: .regularExpression).map { String(page.text[$0]) })
        let style = try await server.page(css, headers: [("Accept-Encoding", "gzip")])
        #expect(style.status == 200 && style.header("Content-Type") == "text/css; charset=utf-8" && style.header("Content-Encoding") == "gzip")
        #expect(style.header("Cache-Control") == "public, max-age=31536000, immutable")
        let tag = try #require(style.header("ETag"))
        #expect(try await server.page("/assets/app.css", headers: [("If-None-Match", tag)]).status == 304)
        #expect(try await server.page("/assets/app.css").header("Cache-Control") == "public, max-age=300")
        #expect(try await server.page("/assets/app.js").header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(try await server.page("/assets/nothing.js").status == 404)
    }
}
