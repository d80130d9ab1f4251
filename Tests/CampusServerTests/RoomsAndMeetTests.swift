import CampusLookup
import Foundation
import NIOHTTP1
import Testing

/// Where and when to meet over the API: free rooms, and the meeting finder.
@Suite("Free rooms and meetings over the API", .serialized)
struct RoomsAndMeetTests {
    @Test("free rooms: a logged-in member's lookup; each room free by its own schedule; bad parameters named")
    func freeRooms() async throws {
        let server = try await RoutedServer.start()
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

    @Test("meet: the advisor and an advisee; a member the caller may not see is 403 naming them; the invitation as iCalendar")
    func meet() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let advisor = try await server.logIn("whitfid")
        let body: [String: Any] = ["members": ["whitfid", "fenwicp"], "term": "202630", "minutes": 60, "top": 2, "rooms": 2]
        let answer = try await server.send(.POST, "/v1/meet", token: advisor, json: body)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(answer.header("Cache-Control") == "no-store")
        let suggestions = try #require(answer.json["suggestions"] as? [[String: Any]])
        #expect(suggestions.count == 2 && answer.json["minutes"] as? Int == 60)
        let first = try #require(suggestions.first)
        let rooms = try #require(first["rooms"] as? [[String: Any]])
        #expect(rooms.count == 2 && (first["busy"] as? [String])?.isEmpty == true)
        let overlay = try #require(answer.json["overlay"] as? [String: Any])
        let freeSlots = try #require(overlay["freeSlots"] as? [[String: Any]])
        #expect(freeSlots.contains { $0["day"] as? String == first["day"] as? String && ($0["start"] as? String ?? "") <= (first["start"] as? String ?? "")
            && ($0["end"] as? String ?? "") >= (first["end"] as? String ?? "") }, "the first time lies in a common free slot")

        let invitation = try await server.send(.POST, "/v1/meet", token: advisor, json: body.merging(["invite": 2, "title": "Advising", "week": "2026-03-30"]) { $1 },
                                               headers: [("Accept", "text/calendar")])
        #expect(invitation.status == 200 && invitation.header("Content-Type")?.hasPrefix("text/calendar") == true, "\(invitation.text)")
        let text = invitation.text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(text.contains("METHOD:REQUEST") && text.contains("ORGANIZER;CN=\"Dana Whitfield\":mailto:whitfid@")
            && text.contains("mailto:fenwicp@") && text.contains("SUMMARY:Advising"))

        let audit = try await server.send(.GET, "/v1/audit?subject=fenwicp&viewer=whitfid", token: try await server.logIn("marchk"))
        #expect((audit.json["disclosures"] as? [Any])?.isEmpty == false, "the advisee's week shown to the advisor is recorded")

        let classmate = try await server.logIn("brennam")
        let denied = try await server.send(.POST, "/v1/meet", token: classmate, json: ["members": ["brennam", "fenwicp"], "term": "202630"])
        #expect(denied.status == 403 && (denied.json["detail"] as? String)?.contains("fenwicp") == true, "\(denied.text)")
        for (bad, name) in [(["members": []] as [String: Any], "members"), (["members": ["brennam"], "minutes": 0], "minutes"),
                            (["members": ["brennam"], "invite": 51], "invite"), (["members": ["brennam"], "week": "2026-02-30"], "week")] {
            let refused = try await server.send(.POST, "/v1/meet", token: classmate, json: bad)
            #expect(refused.status == 400 && (refused.json["detail"] as? String)?.hasPrefix(name) == true, "\(bad): \(refused.text)")
        }
        #expect(try await server.send(.POST, "/v1/meet", json: ["members": ["brennam"]]).status == 401)
    }

    @Test("values valid alone but not together answer what fits: a backwards window, a slot longer than it, an invitation past the times")
    func relationsAnswered() async throws {
        let server = try await RoutedServer.start()
        defer { Task { await server.stop() } }
        let advisor = try await server.logIn("whitfid")
        let people: [String: Any] = ["members": ["whitfid", "fenwicp"], "term": "202630"]

        let backwards = try await server.send(.POST, "/v1/overlay", token: advisor, json: people.merging(["between": "17:00-8:00"]) { $1 })
        let window = try #require(backwards.json["between"] as? [String: Any], "\(backwards.text)")
        #expect(backwards.status == 200 && window["start"] as? String == "17:00" && window["end"] as? String == "17:00")
        #expect((backwards.json["freeSlots"] as? [Any])?.isEmpty == true && (backwards.json["ranking"] as? [Any])?.isEmpty == true)
        let longer = try await server.send(.POST, "/v1/overlay", token: advisor, json: people.merging(["minimumMinutes": 600]) { $1 })
        #expect(longer.status == 200 && (longer.json["freeSlots"] as? [Any])?.isEmpty == true, "no 10-hour slot in 8:00-17:00")
        let shorter = try await server.send(.POST, "/v1/overlay", token: advisor, json: people.merging(["minimumMinutes": 60]) { $1 })
        #expect((shorter.json["freeSlots"] as? [Any])?.isEmpty == false, "the same people have hours free")

        let tooLong = try await server.send(.POST, "/v1/meet", token: advisor, json: people.merging(["minutes": 600]) { $1 })
        #expect(tooLong.status == 200 && (tooLong.json["suggestions"] as? [Any])?.isEmpty == true, "\(tooLong.text)")

        let calendar = [("Accept", "text/calendar")]
        let past = try await server.send(.POST, "/v1/meet", token: advisor, json: people.merging(["top": 1, "invite": 4, "week": "2026-03-30"]) { $1 },
                                         headers: calendar)
        let fourth = try await server.send(.POST, "/v1/meet", token: advisor, json: people.merging(["top": 4, "week": "2026-03-30"]) { $1 })
        let times = try #require(fourth.json["suggestions"] as? [[String: Any]])
        #expect(past.status == 200 && times.count == 4, "an invitation to time 4 ranks 4 times: \(past.text)")
        let start = try #require(times[3]["start"] as? String).replacingOccurrences(of: ":", with: "")
        #expect(past.text.contains("T\(start)00"), "the invitation is to the fourth time, \(start)")

        let hourWindow = people.merging(["between": "8:00-9:00", "minutes": 60, "invite": 50]) { $1 }
        let none = try await server.send(.POST, "/v1/meet", token: advisor, json: hourWindow, headers: calendar)
        #expect(none.status == 404 && none.json["type"] as? String == "urn:campus-lookup:problem:no-meeting-time", "\(none.text)")
        #expect((none.json["detail"] as? String)?.contains("time 50 was asked for") == true, "\(none.text)")
        let easter = try await server.send(.POST, "/v1/meet", token: advisor, json: people.merging(["days": "F", "week": "2026-04-03"]) { $1 },
                                           headers: calendar)
        #expect(easter.status == 404 && (easter.json["detail"] as? String)?.contains("2026-04-03") == true, "\(easter.text)")
        let later = try await server.send(.POST, "/v1/meet", token: advisor, json: people.merging(["week": "2030-01-07"]) { $1 })
        #expect(later.status == 404 && later.json["type"] as? String == "urn:campus-lookup:problem:outside-term"
            && (later.json["detail"] as? String)?.contains("2026-03-09") == true, "\(later.text)")
        let twice = try await server.send(.POST, "/v1/overlay", token: advisor, json: people.merging(["groups": Array(repeating: "none", count: 499)]) { $1 })
        #expect(twice.status == 404 && twice.json["type"] as? String == "urn:campus-lookup:problem:empty-group", "501 names in two lists: \(twice.text)")

        let padded = try await server.send(.POST, "/v1/overlay", token: advisor, json: ["roster": "x CSSE474-02 y", "term": "202630"])
        #expect(padded.status == 400 && (padded.json["detail"] as? String)?.hasPrefix("roster") == true, "a section id within text is none: \(padded.text)")

        let late = try await server.send(.GET, "/v1/rooms/free?at=M+23:30&for=60&term=202630", token: advisor)
        #expect(late.status == 200 && late.json["minutes"] as? Int == 30, "the rest of the day is looked at: \(late.text)")
    }

    @Test("a campus clock set for a demo: now is a spring Monday morning for free rooms, me and invitations; a bad one is refused naming it")
    func campusClock() async throws {
        let server = try await RoutedServer.start(["--clock", "2026-03-30T10:05"])
        defer { Task { await server.stop() } }
        let token = try await server.logIn("brennam")
        let free = try await server.send(.GET, "/v1/rooms/free", token: token)
        #expect(free.json["date"] as? String == "2026-03-30" && free.json["start"] as? String == "10:05" && free.json["noClasses"] is NSNull)
        #expect((free.json["term"] as? [String: Any])?["code"] as? String == "202630")
        let me = try await server.send(.GET, "/v1/me", token: token)
        #expect((me.json["now"] as? [String: Any])?["section"] as? String == "CSSE415-03", "\(me.text.prefix(300))")
        let advisor = try await server.logIn("whitfid")
        let invitation = try await server.send(.POST, "/v1/meet", token: advisor, json: ["members": ["whitfid", "fenwicp"], "top": 1],
                                               headers: [("Accept", "text/calendar")])
        #expect(invitation.status == 200 && invitation.text.contains("DTSTART;TZID=America/Indiana/Indianapolis:202603"), "\(invitation.text.prefix(600))")
        for bad in ["tomorrow", "2026-02-30T10:00", "2026-03-30T25:00"] {
            await #expect {
                try await ServerFiles.campus(in: server.root).serverConfiguration(flags: ServerFiles.testDefaults(["--clock", bad]), environment: [:])
            } throws: { error in
                "\(error)".contains("clock") && "\(error)".contains(bad)
            }
        }
    }
}
