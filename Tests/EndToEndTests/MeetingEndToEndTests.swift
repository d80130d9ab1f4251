import Foundation
import Testing

/// `campus rooms free` and `campus meet` on the demo campus: each room listed checked against
/// `campus room --at`, each time against `campus overlay`, the invitation read by an independent parser.
@Suite("campus rooms free and campus meet on the demo campus", .serialized)
struct MeetingEndToEndTests {
    static let group = ["brennam", "oyelarn", "paxtonr"]

    @Test("rooms free: each room listed is free by campus room --at; bad flags are usage errors; a building it lacks is exit 1")
    func freeRooms() throws {
        let campus = try OverlayEndToEndTests.campus()
        defer { campus.cleanUp() }
        let free = try campus.run("rooms", "free", "--at", "T 13:30", "--for", "1h", "--term", "202630", "--json")
        #expect(free.status == 0, "\(free.error)")
        let answer = try #require(try free.json() as? [String: Any])
        let rooms = try #require(answer["rooms"] as? [[String: Any]])
        #expect(!rooms.isEmpty && answer["minutes"] as? Int == 60 && answer["end"] as? String == "14:30")
        for room in rooms {
            let name = try #require(room["room"] as? String)
            for moment in ["T 13:30", "T 14:29"] {
                let check = try campus.run("room", name, "--at", moment, "--term", "202630")
                #expect(check.status == 0, "\(name) is free at \(moment): \(check.output)")
            }
            if let until = room["freeUntil"] as? String {
                #expect(try campus.run("room", name, "--at", "T \(until)", "--term", "202630").status == 1, "\(name) is busy from \(until)")
            }
        }
        let text = try campus.run("rooms", "free", "--at", "T 13:30", "--term", "202630")
        #expect(text.status == 0 && text.output.contains("Rooms free on Tuesday 1:30pm for 50m") && text.output.contains("FREE UNTIL"))
        let csv = try campus.run("rooms", "free", "--at", "T 13:30", "--term", "202630", "--csv")
        #expect(csv.output.hasPrefix("term,day,start,room,building,free_until,next_section,capacity\r\n"))
        for arguments in [["--for", "0"], ["--for", "soon"], ["--at", "T 25:00"], ["--at", "T 9:00", "--now"]] {
            let usage = try campus.run(arguments: ["rooms", "free"] + arguments)
            #expect(usage.status == 2, "\(arguments): \(usage.error)")
        }
        let nowhere = try campus.run("rooms", "free", "--building", "ZZ", "--term", "202630")
        #expect(nowhere.status == 1 && nowhere.error.contains("ZZ"))
    }

    @Test("meet: the times lie in the overlay's free slots, the rooms are free then, the invitation reads back")
    func meet() throws {
        let campus = try OverlayEndToEndTests.campus()
        defer { campus.cleanUp() }
        let directory = try campus.run("sync", "directory", "--ldif", CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path)
        #expect(directory.status == 0, "\(directory.error)")
        let text = try campus.run(arguments: ["meet"] + Self.group + ["--term", "202630"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("Meeting of 3 people for 50m") && text.output.contains("Best times:") && text.output.contains("--invite 1"))
        let meet = try #require(try campus.run(arguments: ["meet"] + Self.group + ["--term", "202630", "--json"]).json() as? [String: Any])
        let overlay = try #require(try campus.run(arguments: ["overlay"] + Self.group + ["--term", "202630", "--json"]).json() as? [String: Any])
        let slots = try #require(overlay["freeSlots"] as? [[String: Any]])
        let suggestions = try #require(meet["suggestions"] as? [[String: Any]])
        #expect(suggestions.count == 3)
        for suggestion in suggestions where (suggestion["busy"] as? [String])?.isEmpty == true {
            let (day, start, end) = (suggestion["day"] as? String, try OverlayEndToEndTests.minutes(suggestion["start"]), try OverlayEndToEndTests.minutes(suggestion["end"]))
            #expect(try slots.contains { try $0["day"] as? String == day && OverlayEndToEndTests.minutes($0["start"]) <= start && end <= OverlayEndToEndTests.minutes($0["end"]) },
                    "\(suggestion) lies in a common free slot")
            for room in try #require(suggestion["rooms"] as? [[String: Any]]) {
                let name = try #require(room["room"] as? String)
                let moment = "\(day ?? "?") \(suggestion["start"] as? String ?? "")"
                let check = try campus.run("room", name, "--at", moment, "--term", "202630")
                #expect(check.status == 0, "\(name) at \(moment): \(check.output) \(check.error)")
            }
        }
        try OverlayEndToEndTests.checkFreeSlots(overlay, in: campus)

        let invite = try campus.run(arguments: ["meet"] + Self.group + ["--term", "202630", "--week", "2026-03-30", "--invite", "1"])
        #expect(invite.status == 0 && invite.output.hasPrefix("BEGIN:VCALENDAR"), "\(invite.error)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("campus-meet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let occurrences = try ICSParser.occurrences(of: invite.output, in: folder)
        #expect(occurrences.count == 1 && occurrences.values.first == 1, "one event, once: \(occurrences)")
        for username in Self.group { #expect(invite.output.replacingOccurrences(of: "\r\n ", with: "").contains("mailto:\(username)@")) }

        for arguments in [["--for", "10h"], ["--invite", "4"], ["--invite", "1", "--json"], ["--top", "0"]] {
            let usage = try campus.run(arguments: ["meet", "brennam"] + arguments)
            #expect(usage.status == 2, "\(arguments): \(usage.error)")
        }
        let over = try campus.run("meet", "brennam", "--term", "202630", "--invite", "1")
        #expect(over.status == 1 && over.error.contains("--week"), "the spring term is over by now: \(over.error)")
    }
}
