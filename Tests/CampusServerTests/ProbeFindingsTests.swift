import CampusLookup
import Foundation
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
        let server = try await LiveServer.start()
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
        let server = try await LiveServer.start()
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
        let server = try await LiveServer.start(ServeOptions(clock: "2026-03-30T10:05"))
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
        let server = try await LiveServer.start()
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

    @Test("a connection that never finishes its request is closed once idle for connection-idle-seconds")
    func slowRequestsAreClosed() async throws {
        let server = try await LiveServer.start(ServeOptions(connectionIdleSeconds: 1))
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
}
