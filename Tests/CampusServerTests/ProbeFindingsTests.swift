import CampusLookup
import CompressNIO
import Foundation
import NIOCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What probing a live server as its users would (a student, an instructor, the registrar)
/// found wrong once, each kept as a test.
@Suite("The API and web app: found by probing a live server", .serialized)
struct ProbeFindingsTests {
    @Test("no \"did you mean\" names a suppressed person, to anyone but the registrar")
    func suggestionsKeepSuppressedPeopleOut() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        for caller in ["brennam", "whitfid"] {
            let token = try await server.logIn(caller)
            for path in ["/v1/people/ashbyz", "/v1/people/ashbye", "/v1/people/ashbye/schedule", "/v1/search?q=ashbyz"] {
                let answer = try await server.send(.GET, path, token: token)
                #expect(answer.status == 404, "\(caller) \(path)")
                let suggestions = answer.json["suggestions"] as? [String] ?? []
                #expect(!suggestions.isEmpty && !suggestions.contains("ashbye"), "\(caller) \(path): \(answer.text)")
                #expect(!answer.text.contains("ashbye,") && !answer.text.contains("ashbye?"), "\(caller) \(path): \(answer.text)")
            }
        }
        let registrar = try await server.logIn("marchk")
        let revealed = try await server.send(.GET, "/v1/people/ashbyz", token: registrar)
        #expect((revealed.json["suggestions"] as? [String] ?? []).contains("ashbye"), "\(revealed.text)")
    }

    @Test("an instructor's view of a student's history holds the terms they taught the student in, as the schedule of each term would")
    func historyFollowsTheScheduleRuleTermByTerm() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let instructor = try await server.logIn("kincaib")
        for student in ["hollowd", "brennam"] {
            let history = try await server.send(.GET, "/v1/people/\(student)/history", token: instructor)
            #expect(history.status == 200, "\(history.text)")
            let terms = (history.json["terms"] as? [[String: Any]] ?? []).compactMap { ($0["term"] as? [String: Any])?["code"] as? String }
            #expect(!terms.isEmpty)
            for term in ["202610", "202620", "202630", "202640"] {
                let schedule = try await server.send(.GET, "/v1/people/\(student)/schedule?term=\(term)", token: instructor)
                #expect(terms.contains(term) == (schedule.status == 200), "\(student) \(term): history \(terms), schedule \(schedule.status)")
            }
        }
        let advisor = try await server.logIn("whitfid")
        let advisee = try await server.send(.GET, "/v1/people/brennam/history", token: advisor)
        #expect((advisee.json["terms"] as? [Any])?.count == 4, "an advisor sees every term: \(advisee.text.prefix(200))")
    }

    @Test("my week lists a favorite I may not see without where they are, never with where I am")
    func favoritesNeverShowMyOwnWhereabouts() async throws {
        let server = try await RoutedServer.start(["--clock", "2026-03-30T10:05"])
        defer { Task { await server.stop() } }
        let student = try await server.logIn("fenwicp")
        #expect(try await server.send(.PUT, "/v1/me/favorites/brennam", token: student).status < 300)
        let me = try await server.send(.GET, "/v1/me", token: student)
        let mine = try #require((me.json["now"] as? [String: Any])?["section"] as? String, "fenwicp is in class at 10:05: \(me.text)")
        let page = try await server.page("/", session: student)
        let favorites = page.readable.components(separatedBy: "Favorites").last ?? ""
        #expect(favorites.contains("Morgan Brennan"), "\(favorites)")
        #expect(!favorites.contains(mine) && !favorites.contains("Now in"), "\(favorites)")
    }

    @Test("HEAD gives the tag GET gives; an answer that may come gzip-compressed has a tag of its own")
    func tagsOfHeadAndOfCodings() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("whitfid")
        let get = try await server.send(.GET, "/v1/terms", token: token)
        let head = try await server.send(.HEAD, "/v1/terms", token: token)
        let tag = try #require(get.header("ETag"))
        #expect(head.header("ETag") == tag)
        let headTag = try #require(head.header("ETag"))
        #expect(try await server.send(.GET, "/v1/terms", token: token, headers: [("If-None-Match", headTag)]).status == 304)
        let zipped = try await server.send(.GET, "/v1/terms", token: token, headers: [("Accept-Encoding", "gzip")])
        #expect(zipped.header("ETag") != nil && zipped.header("ETag") != tag)
    }

    @Test("HEAD answers as its GET would, compressed or not: the same Content-Encoding and Content-Length, no body")
    func headAsGetWouldBeCompressed() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("whitfid")
        for coding in [[("Accept-Encoding", "gzip")], []] {
            let get = try await server.send(.GET, "/v1/courses/CSSE?term=202630&limit=500", token: token, headers: coding)
            let head = try await server.send(.HEAD, "/v1/courses/CSSE?term=202630&limit=500", token: token, headers: coding)
            #expect(get.status == 200 && head.status == 200 && head.body.isEmpty)
            #expect(get.header("Content-Encoding") == (coding.isEmpty ? nil : "gzip"))
            #expect(head.header("Content-Encoding") == get.header("Content-Encoding") && head.header("ETag") == get.header("ETag"))
            #expect(head.header("Content-Length") == String(get.body.count), "\(coding)")
        }
    }

    @Test("every answer that may come compressed says Vary: Accept-Encoding, asked or not; small ones and images go as they are")
    func compressedWhereWorthIt() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let document = try await server.send(.GET, "/openapi.json", headers: [("Accept-Encoding", "gzip")])
        #expect(document.header("Content-Encoding") == "gzip" && document.header("Vary") == "Accept-Encoding")
        var buffer = ByteBuffer(bytes: document.body)
        #expect(try JSONSerialization.jsonObject(with: Data(buffer.decompress(with: .gzip()).readableBytesView)) is [String: Any])
        let plain = try await server.send(.GET, "/openapi.json")
        #expect(plain.header("Content-Encoding") == nil && plain.header("Vary") == "Accept-Encoding", "a shared cache keeps the two apart")
        let small = try await server.send(.GET, "/healthz", headers: [("Accept-Encoding", "gzip")])
        #expect(small.status == 200 && small.header("Content-Encoding") == nil, "1 KiB or less goes as it is")
    }

    @Test("a connection that never finishes its request is closed once idle for connection-idle-seconds")
    func slowRequestsAreClosed() async throws {
        let server = try await LiveServer.start(["--connection-idle-seconds", "1"])
        defer { Task { await server.stop() } }
        let port = try #require(URLComponents(string: server.baseURL)?.port)
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        let partial = Array("GET /healthz HTTP/1.1\r\nHost: x\r\n".utf8)
        #expect(send(socket, partial, partial.count, 0) == partial.count)
        // Long enough for a slow machine; the server closes after one idle second.
        var wait = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var buffer = [UInt8](repeating: 0, count: 512)
        let read = recv(socket, &buffer, buffer.count, 0)
        #expect(read == 0, "the server closed the connection rather than wait for the rest (read \(read), errno \(errno))")
    }

    @Test("a browser gets pages, not problem documents, for a form refused for its Origin and for an address with no page")
    func browsersGetPages() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let session = try await server.logIn("brennam")
        let html = [("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")]
        let otherSite = try await server.send(.POST, "/favorites", body: "username=whitfid&csrf=\(FormToken.of(session: session))",
                                              headers: html + [("Content-Type", "application/x-www-form-urlencoded"),
                                                               ("Origin", "https://evil.example"), ("Cookie", "campus_session=\(session)")])
        #expect(otherSite.status == 403 && otherSite.header("Content-Type")?.hasPrefix("text/html") == true, "\(otherSite.text.prefix(200))")
        #expect(otherSite.readable.contains("not from this site"))
        for path in ["/people", "/sections", "/favorites"] {
            let page = try await server.page(path, session: session, headers: html)
            #expect([404, 405].contains(page.status) && page.header("Content-Type")?.hasPrefix("text/html") == true, "\(path): \(page.status)")
        }
        let api = try await server.send(.GET, "/v1/nowhere", token: session, headers: html)
        #expect(api.header("Content-Type") == "application/problem+json", "the API answers as the API")
        let program = try await server.send(.GET, "/people", headers: [("Cookie", "campus_session=\(session)")])
        #expect(program.header("Content-Type") == "application/problem+json", "a client not asking for HTML gets the problem document")
    }

    @Test("a body of the wrong JSON kind is named in JSON's words, not Swift's")
    func jsonKindsInWords() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("whitfid")
        let list = try await server.send(.POST, "/v1/overlay", token: token, body: "[]", headers: [("Content-Type", "application/json")])
        #expect(list.status == 400 && (list.json["detail"] as? String)?.contains("expected an object") == true, "\(list.text)")
        let text = try await server.send(.POST, "/v1/overlay", token: token, json: ["members": "brennam"])
        #expect(text.status == 400 && (text.json["detail"] as? String)?.contains("members: expected a list") == true, "\(text.text)")
        #expect(!list.text.contains("Dictionary") && !text.text.contains("Array<"))
    }

    @Test("a section's page offers its roster only to whom the policy shows it")
    func rosterLinkOnlyWhenAllowed() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let student = try await server.logIn("brennam")
        let mine = try await server.page("/sections/CHEM111-02?term=202630", session: student)
        #expect(mine.status == 200 && mine.text.contains("/sections/CHEM111-02/roster"), "a classmate may see names and e-mail")
        let notMine = try await server.page("/sections/CSSE474-02?term=202630", session: student)
        #expect(notMine.status == 200 && !notMine.text.contains("/roster"), "no link to a 403")
        let registrar = try await server.logIn("marchk")
        let any = try await server.page("/sections/CSSE474-02?term=202630", session: registrar)
        #expect(any.text.contains("/sections/CSSE474-02/roster"))
    }

    @Test("a refused log-in through the web form is counted in /metrics as one through the API is")
    func webLogInRefusalsCounted() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        func failures() async throws -> Double {
            let text = try await server.send(.GET, "/metrics").text
            let line = text.split(separator: "\n").first { $0.hasPrefix("campus_login_failures_total") }
            return line.flatMap { $0.split(separator: " ").last }.flatMap { Double($0) } ?? 0
        }
        let before = try await failures()
        let form = try await server.page("/login")
        let cookie = try #require(form.setCookie("campus_login"))
        let token = String(cookie.dropFirst("campus_login=".count).prefix { $0 != ";" })
        let wrong = try await server.post("/login", [("username", "pikej"), ("password", "nope"), ("next", "/")], csrf: token,
                                          cookies: ["campus_login=\(token)"])
        #expect(wrong.status == 401)
        #expect(try await failures() == before + 1)
    }

    @Test("a problem document never carries a character that would reverse or drive the text it is shown in")
    func problemsAreVisibleText() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("whitfid")
        let answer = try await server.send(.GET, "/v1/people/abc%E2%80%AEdef", token: token)
        #expect(answer.status == 404 || answer.status == 400)
        #expect(!answer.text.contains("\u{202E}") && !answer.text.contains("\\u202e") && answer.text.contains("<U+202E>"), "\(answer.text)")
    }

    @Test("two log-in tabs share one form token; a tab from before the last log-in still logs out; a search fragment is no place to come back to")
    func tabsAndFragments() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let first = try await server.page("/login")
        let cookie = try #require(first.setCookie("campus_login"))
        let token = String(cookie.dropFirst("campus_login=".count).prefix { $0 != ";" })
        let second = try await server.page("/login", headers: [("Cookie", "campus_login=\(token)")])
        #expect(second.text.contains("name=\"csrf\" value=\"\(token)\""), "the second tab's form carries the token the first holds")
        let loggedIn = try await server.post("/login", [("username", "brennam"), ("password", "demo-brennam"), ("next", "/")],
                                             csrf: token, cookies: ["campus_login=\(token)"])
        #expect(loggedIn.status == 303)
        let session = try await server.logIn("brennam")
        let out = try await server.post("/logout", [], session: session, csrf: "from-an-older-page")
        #expect(out.status == 303 && out.header("Location") == "/login", "\(out.status)")
        #expect(try await server.send(.GET, "/v1/me", token: session).status == 401)
        let fragment = try await server.page("/search?partial=1&q=whit", headers: [("Accept", "text/html")])
        let location = fragment.header("Location") ?? ""
        #expect(fragment.status == 303 && location.hasPrefix("/login?next=/search") && location.contains("whit") && !location.contains("partial"), "\(location)")
    }

    @Test("a person's page removes them from every group they are kept in, says so, adds to a group named, and offers nothing on my own card")
    func favoritesFromTheCard() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let session = try await server.logIn("brennam")
        #expect(try await server.send(.PUT, "/v1/me/favorites/kincaib?group=study", token: session).status < 300)
        let card = try await server.page("/people/kincaib", session: session)
        #expect(card.readable.contains("In your favorites: study") && card.readable.contains("Remove from favorites"), "\(card.readable)")
        let removed = try await server.post("/favorites", [("username", "kincaib"), ("action", "remove")], session: session)
        #expect(removed.status == 303 && removed.header("Location") == "/people/kincaib?removed=1")
        #expect((try await server.send(.GET, "/v1/me/favorites", token: session).json["total"] as? Int) == 0)
        #expect(try await server.page("/people/kincaib?removed=1", session: session).readable.contains("Removed from your favorites."))
        let added = try await server.post("/favorites", [("username", "kincaib"), ("action", "add"), ("group", "lab")], session: session)
        #expect(added.status == 303)
        let favorites = try await server.send(.GET, "/v1/me/favorites", token: session)
        #expect((favorites.json["favorites"] as? [[String: Any]])?.first?["group"] as? String == "lab", "\(favorites.text)")
        let own = try await server.page("/people/brennam", session: session)
        #expect(!own.readable.contains("Add to favorites"), "nothing to keep of oneself")
    }
}
