import CompressNIO
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// How the API speaks HTTP: problem documents naming what to change, content negotiation,
/// ETags, gzip, request ids, paging.
@Suite("The API's HTTP", .serialized)
struct ProtocolTests {
    @Test("bad requests get a problem document saying what to change: 400 naming the parameter, 405 with Allow, 406, 413, 415")
    func problems() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("whitfid")
        for (path, parameter) in [("/v1/search?q=x&limit=0", "limit"), ("/v1/search?q=x&cursor=nonsense", "cursor"),
                                  ("/v1/search?q=x&type=planet", "type"), ("/v1/rooms/O159?at=someday", "at"),
                                  ("/v1/sections/NOTASECTION/roster", "id"), ("/v1/audit?since=yesterday", "since")] {
            let answer = try await server.send(.GET, path, token: token)
            #expect(answer.status == 400, "\(path)")
            #expect(answer.header("Content-Type") == "application/problem+json")
            #expect((answer.json["detail"] as? String)?.hasPrefix(parameter) == true, "\(path): \(answer.text)")
        }
        let badTerm = try await server.send(.GET, "/v1/people/whitfid/schedule?term=someday", token: token)
        #expect(badTerm.status == 400 && (badTerm.json["detail"] as? String)?.contains("not a term") == true)
        let method = try await server.send(.DELETE, "/v1/terms", token: token)
        #expect(method.status == 405 && method.header("Allow") == "GET")
        let accept = try await server.send(.GET, "/v1/terms", token: token, headers: [("Accept", "image/png")])
        #expect(accept.status == 406 && (accept.json["detail"] as? String)?.contains("application/json") == true)
        let type = try await server.send(.POST, "/v1/session", body: "username=x&password=y", headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(type.status == 415)
        let large = try await server.send(.POST, "/v1/overlay", token: token, json: ["members": [String(repeating: "x", count: 100_000)]])
        #expect(large.status == 413)
        let notJSON = try await server.send(.POST, "/v1/overlay", token: token, body: "{not json", headers: [("Content-Type", "application/json")])
        #expect(notJSON.status == 400)
        let unknown = try await server.send(.GET, "/v1/nowhere", token: token)
        #expect(unknown.status == 404 && (unknown.json["detail"] as? String)?.contains("openapi.json") == true)
    }

    @Test("one lookup in several types: JSON, vCard, iCalendar, e-mail text, the roster CSV with withheld columns left out")
    func negotiation() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let advisor = try await server.logIn("whitfid")
        let card = try await server.send(.GET, "/v1/people/valer", token: advisor, headers: [("Accept", "text/vcard")])
        #expect(card.header("Content-Type") == "text/vcard; charset=utf-8" && card.text.hasPrefix("BEGIN:VCARD\r\n"))
        let ics = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: advisor, headers: [("Accept", "text/calendar")])
        #expect(ics.status == 200 && ics.text.hasPrefix("BEGIN:VCALENDAR") && ics.text.contains("RRULE:FREQ=WEEKLY"))
        let text = try await server.send(.GET, "/v1/people/fenwicp/schedule?term=202630", token: advisor,
                                         headers: [("Accept", "text/plain;q=0.9, application/json;q=0.5")])
        #expect(text.header("Content-Type") == "text/plain; charset=utf-8" && text.text.contains("CHEM111-02"))
        let instructor = try await server.logIn("kincaib")
        let csv = try await server.send(.GET, "/v1/sections/CHEM111-02/roster?term=202630", token: instructor, headers: [("Accept", "text/csv")])
        #expect(csv.text.hasPrefix("\"Username\",\"Last\",\"First\",\"Middle\",\"Banner ID\",\"Major\""))
        let classmate = try await server.logIn("brennam")
        let names = try await server.send(.GET, "/v1/sections/CHEM111-02/roster?term=202630", token: classmate, headers: [("Accept", "text/csv")])
        #expect(names.text.hasPrefix("\"Username\",\"Last\",\"First\",\"Middle\",\"Email\"\n"), "\(names.text.prefix(80))")
        let photo = try await server.send(.GET, "/v1/people/valer/photo", token: advisor)
        #expect(photo.header("Content-Type") == "image/jpeg" && photo.body.starts(with: [0xFF, 0xD8]))
    }

    @Test("an ETag from the index's generation: 304 when it matches; gzip when asked; the request's id echoed")
    func caching() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("whitfid")
        let first = try await server.send(.GET, "/v1/courses/CSSE?term=202630&limit=500", token: token)
        let tag = try #require(first.header("ETag"))
        #expect(first.header("Cache-Control") == "private, no-cache" && first.header("Last-Modified") != nil)
        let again = try await server.send(.GET, "/v1/courses/CSSE?term=202630&limit=500", token: token, headers: [("If-None-Match", tag)])
        #expect(again.status == 304 && again.body.isEmpty && again.header("ETag") == tag)
        let other = try await server.logIn("kincaib")
        #expect(try await server.send(.GET, "/v1/courses/CSSE?term=202630&limit=500", token: other, headers: [("If-None-Match", tag)]).status == 200,
                "another caller's answer has another tag")

        let zipped = try await server.send(.GET, "/v1/courses/CSSE?term=202630&limit=500", token: token, headers: [("Accept-Encoding", "gzip")])
        #expect(zipped.header("Content-Encoding") == "gzip" && zipped.body.count < first.body.count / 2)
        var buffer = ByteBuffer(bytes: zipped.body)
        let unzipped = try buffer.decompress(with: .gzip())
        #expect(Array(unzipped.readableBytesView) == first.body)

        let echoed = try await server.send(.GET, "/healthz", headers: [("X-Request-ID", "trace-42.a_b")])
        #expect(echoed.header("X-Request-ID") == "trace-42.a_b")
        let replaced = try await server.send(.GET, "/healthz", headers: [("X-Request-ID", "no spaces <please>")])
        #expect(replaced.header("X-Request-ID").map { $0.count == 32 && $0.allSatisfy(\.isHexDigit) } == true)
    }

    @Test("lists come in pages of limit with an opaque cursor to the next, and their total")
    func paging() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("whitfid")
        let whole = try await server.send(.GET, "/v1/courses/CSSE?term=202630&limit=500", token: token)
        let total = try #require(whole.json["total"] as? Int)
        let all = (whole.json["sections"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        #expect(all.count == total && total > 10)
        var seen: [String] = []
        var path = "/v1/courses/CSSE?term=202630&limit=4"
        while true {
            let page = try await server.send(.GET, path, token: token)
            #expect(page.json["total"] as? Int == total)
            seen += (page.json["sections"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            guard let next = page.json["next"] as? String else { break }
            path = "/v1/courses/CSSE?term=202630&limit=4&cursor=\(next)"
        }
        #expect(seen == all)
        let search = try await server.send(.GET, "/v1/search?q=csse4&term=202630&limit=2", token: token)
        #expect((search.json["matches"] as? [Any])?.count == 2 && search.json["next"] is String && search.json["total"] is NSNull)
    }

    @Test("a cursor longer than the document allows is refused, and one far along (even past a million) is an empty page: neither stops the server (the sum once overflowed)")
    func farCursors() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("whitfid")
        func cursor(_ offset: Int) -> String {
            Data("o=\(offset)".utf8).base64EncodedString().replacingOccurrences(of: "=", with: "")
        }
        let beyond = try await server.send(.GET, "/v1/search?q=smith&cursor=\(cursor(Int.max))", token: token)
        #expect(beyond.status == 400 && (beyond.json["detail"] as? String)?.hasPrefix("cursor") == true, "\(beyond.text)")
        let far = try await server.send(.GET, "/v1/search?q=csse&cursor=\(cursor(1_000_000))", token: token)
        #expect(far.status == 200 && (far.json["matches"] as? [Any])?.isEmpty == true, "\(far.text)")
        let courses = try await server.send(.GET, "/v1/courses/CSSE?term=202630&cursor=\(cursor(1_000_000))", token: token)
        #expect(courses.status == 200 && (courses.json["sections"] as? [Any])?.isEmpty == true, "\(courses.text)")
        let further = try await server.send(.GET, "/v1/search?q=csse&cursor=\(cursor(999_999_999_999_999_999))", token: token)
        #expect(further.status == 200 && (further.json["matches"] as? [Any])?.isEmpty == true && further.json["next"] is NSNull, "\(further.text)")
        #expect(try await server.send(.GET, "/healthz").status == 200, "the server still answers")
    }
}

/// What the OpenAPI document's checks found wrong once, each kept as a test.
@Suite("The API's HTTP: found by checking the document against the server", .serialized)
struct ProtocolFindingsTests {
    @Test("path parameters are percent-decoded; + in a query is a space, %2B a plus")
    func decoding() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("whitfid")
        #expect(try await server.send(.GET, "/v1/people/%62rennam", token: token).json["username"] as? String == "brennam")
        let room = try await server.send(.GET, "/v1/rooms/%4F159?at=M+9:10&term=spring+2026", token: token)
        #expect(room.status == 200 && room.json["room"] as? String == "O159", "\(room.text)")
        #expect((room.json["term"] as? [String: Any])?["code"] as? String == "202630")
        let control = try await server.send(.GET, "/v1/people/ab%17cd", token: token)
        #expect(control.status == 400 && (control.json["detail"] as? String)?.contains("control") == true)
    }

    @Test("If-None-Match: * never stands in for the checks: 401, 403 and 404 as without it")
    func ifNoneMatchStar() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let student = try await server.logIn("brennam")
        #expect(try await server.send(.GET, "/v1/people/fenwicp/history", headers: [("If-None-Match", "*")]).status == 401)
        #expect(try await server.send(.GET, "/v1/people/fenwicp/history", token: student, headers: [("If-None-Match", "*")]).status == 403)
        #expect(try await server.send(.GET, "/v1/people/zzqxnobody", token: student, headers: [("If-None-Match", "*")]).status == 404)
        let made = "\"" + String(repeating: "0", count: 16) + "\""
        #expect(try await server.send(.GET, "/v1/people/valer", token: student, headers: [("If-None-Match", made)]).status == 200)
    }

    @Test("every answer names its type once, exactly, and how to cache it once: a lookup, a problem document, a probe, a page")
    func oneTypeEach() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("brennam")
        let answers: [(path: String, token: String?, type: String, caching: String)] = [
            ("/v1/terms", token, "application/json", "private, no-cache"),
            ("/v1/me/favorites", token, "application/json", "no-store"),
            ("/v1/nowhere", token, "application/problem+json", "no-store"),
            ("/healthz", nil, "application/json", "no-store"),
            ("/login", nil, "text/html; charset=utf-8", "no-store"),
        ]
        for (path, token, type, caching) in answers {
            let answer = try await server.send(.GET, path, token: token)
            #expect(answer.headers["Content-Type"] == [type], "\(path): \(answer.headers)")
            #expect(answer.headers["Cache-Control"] == [caching], "\(path): \(answer.headers)")
        }
    }

    @Test("HEAD answers as GET without a body")
    func head() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let token = try await server.logIn("brennam")
        let head = try await server.send(.HEAD, "/v1/terms", token: token)
        #expect(head.status == 200 && head.body.isEmpty && head.header("ETag") != nil)
        #expect(try await server.send(.HEAD, "/healthz").status == 200)
    }

    @Test("search and favorites withhold of each person what the policy withholds, and no more")
    func withholdingPerPerson() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        let student = try await server.logIn("brennam")
        let own = try await server.send(.GET, "/v1/search?q=brennam&type=person", token: student)
        let me = try #require((own.json["matches"] as? [[String: Any]])?.first?["person"] as? [String: Any])
        #expect(me.keys.contains("bannerId") && me.keys.contains("advisor"), "their own Banner ID and advisor: \(me.keys.sorted())")
        let other = try await server.send(.GET, "/v1/search?q=fenwicp&type=person", token: student)
        let them = try #require((other.json["matches"] as? [[String: Any]])?.first?["person"] as? [String: Any])
        #expect(!them.keys.contains("bannerId") && !them.keys.contains("advisor"))
        for username in ["fenwicp", "quinna"] {
            #expect(try await server.send(.PUT, "/v1/me/favorites/\(username)?group=leak", token: student).status == 201)
        }
        let favorites = try await server.send(.GET, "/v1/me/favorites?group=leak", token: student)
        for entry in try #require(favorites.json["favorites"] as? [[String: Any]]) {
            let person = try #require(entry["person"] as? [String: Any])
            #expect(!person.keys.contains("bannerId") && !person.keys.contains("advisor"), "\(entry["username"] ?? ""): \(person.keys.sorted())")
        }
        let overlay = try await server.send(.POST, "/v1/overlay", token: student, json: ["groups": ["bad group!"]])
        #expect(overlay.status == 400 && (overlay.json["detail"] as? String)?.hasPrefix("group") == true)
    }
}
