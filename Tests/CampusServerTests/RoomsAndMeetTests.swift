import Foundation
import NIOHTTP1
import Testing

/// Where and when to meet over the API: free rooms, and the meeting finder.
@Suite("Free rooms and meetings over the API", .serialized)
struct RoomsAndMeetTests {
    @Test("free rooms: a logged-in member's lookup; each room free by its own schedule; bad parameters named")
    func freeRooms() async throws {
        let server = try await LiveServer.start()
        defer { Task { await server.stop() } }
        #expect(try await server.send(.GET, "/v1/rooms/free?at=M%2010:00&term=202630").status == 401)
        let token = try await server.logIn("brennam")
        let answer = try await server.send(.GET, "/v1/rooms/free?at=M+10:00&for=60&term=202630", token: token)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.header("ETag") != nil, "a moment of the week is a cacheable lookup")
        let rooms = try #require(answer.json["rooms"] as? [[String: Any]])
        #expect(!rooms.isEmpty && answer.json["total"] as? Int == rooms.count && answer.json["minutes"] as? Int == 60)
        for room in rooms.prefix(5) {
            let name = try #require(room["room"] as? String)
            let busy = try await server.send(.GET, "/v1/rooms/\(name)?at=M+10:00&term=202630", token: token)
            #expect(busy.json["free"] as? Bool == true, "\(name) is free at 10:00 by its own week")
            let later = try await server.send(.GET, "/v1/rooms/\(name)?at=M+10:59&term=202630", token: token)
            #expect(later.json["free"] as? Bool == true, "\(name) is free at 10:59 by its own week")
        }
        let page = try await server.send(.GET, "/v1/rooms/free?at=M+10:00&term=202630&limit=2", token: token)
        #expect((page.json["rooms"] as? [Any])?.count == 2 && page.json["next"] is String)
        let now = try await server.send(.GET, "/v1/rooms/free", token: token)
        #expect(now.status == 200 && now.header("Cache-Control") == "no-store", "now is never cached")
        #expect(now.json["date"] is String)

        for (query, parameter) in [("for=0", "for"), ("for=50m", "for"), ("building=O1", "building"), ("at=M+25:00", "at")] {
            let bad = try await server.send(.GET, "/v1/rooms/free?\(query)", token: token)
            #expect(bad.status == 400 && bad.text.contains(parameter), "\(query): \(bad.text)")
        }
        let unknown = try await server.send(.GET, "/v1/rooms/free?building=ZZ&term=202630", token: token)
        #expect(unknown.status == 404 && unknown.text.contains("ZZ"))
    }
}
