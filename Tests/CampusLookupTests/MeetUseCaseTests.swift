import CampusCore
import CampusIndex
@testable import CampusLookup
import Foundation
import Testing

@Suite("The meeting finder, on the demo campus in memory")
struct MeetUseCaseTests {
    static let people = ["brennam", "oyelarn", "paxtonr", "seftonu"]

    static func answer(minutes: Int = 50, top: Int = 6, week: CalendarDate? = nil) async throws -> MeetAnswer {
        let campus = try await DemoIndex.campus()
        let overlay = try await campus.overlay(
            usernames: people, owner: "alice", roster: nil, term: "202630",
            options: OverlayOptions(minimumMinutes: minutes, week: week), now: DemoIndex.now)
        return try campus.meetings(in: overlay, minutes: minutes, top: top, roomsEach: 4)
    }

    @Test("each time lies in a slot of the overlay's ranking, in its order, with exactly the members busy then", arguments: [50, 90])
    func againstOverlay(minutes: Int) async throws {
        let answer = try await Self.answer(minutes: minutes)
        let overlay = answer.overlay.overlay
        let ranked = overlay.ranking.filter { $0.freeCount > 0 }
        #expect(answer.suggestions.count == min(6, ranked.count) && !answer.suggestions.isEmpty)
        for (suggestion, slot) in zip(answer.suggestions, ranked) {
            #expect(suggestion.slot == slot.slot)
            #expect(suggestion.meeting.day == slot.slot.day && suggestion.meeting.start == slot.slot.start)
            #expect(suggestion.meeting.minutes == minutes && suggestion.meeting.end <= slot.slot.end)
            let busy = overlay.members.filter { member in
                member.busy.contains { $0.meeting.days.contains(suggestion.meeting.day) && $0.meeting.start < suggestion.meeting.end
                    && suggestion.meeting.start < $0.meeting.end }
            }.map(\.id)
            #expect(busy == suggestion.busy, "\(suggestion.meeting.summary)")
            #expect(suggestion.freeCount == overlay.members.count - busy.count)
        }
        let counts = answer.suggestions.map(\.freeCount)
        #expect(counts == counts.sorted(by: >), "everyone free first, then fewest busy")
    }

    @Test("each room is free for the whole meeting by its own schedule, the building most members come from first")
    func rooms() async throws {
        let campus = try await DemoIndex.campus()
        let answer = try await Self.answer()
        for suggestion in answer.suggestions {
            #expect(!suggestion.rooms.isEmpty && suggestion.rooms.count <= 4)
            let meeting = suggestion.meeting
            for room in suggestion.rooms {
                let bookings = try campus.room(room.room, term: "202630", at: nil, now: DemoIndex.now).bookings
                #expect(!bookings.contains { $0.meeting.days.contains(meeting.day) && $0.meeting.start < meeting.end && meeting.start < $0.meeting.end },
                        "\(room.room) is free \(meeting.summary)")
            }
            let coming = MeetingPlaces(finder: FreeRoomFinder(uses: [])).buildingsComingFrom(
                day: meeting.day, start: meeting.start, meetings: answer.overlay.overlay.members.map { $0.busy.map(\.meeting) })
            let order = suggestion.rooms.map { coming[$0.building] ?? 0 }
            #expect(order == order.sorted(by: >), "\(meeting.summary): \(suggestion.rooms.map(\.room)) from \(coming)")
        }
    }

    @Test("an invitation: the next day of classes on that weekday, the first room, every member with an e-mail asked")
    func invitation() async throws {
        let campus = try await DemoIndex.campus()
        let answer = try await Self.answer()
        let suggestion = answer.suggestions[0]
        let organizer = try campus.contact(of: "whitfid").card.person
        let ics = try campus.invitation(to: suggestion, of: answer, organizer: organizer, title: nil, now: DemoIndex.now)
        let unfolded = ics.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("METHOD:REQUEST\r\n") && unfolded.contains("ORGANIZER;CN=\"Dana Whitfield\""))
        for username in Self.people { #expect(unfolded.contains("mailto:\(username)@"), "\(username) is asked") }
        let events = try ICalendarReader(zone: try campus.read { try campus.termClock($0).zone }).events(in: ics)
        let event = try #require(events.first)
        // Monday 16 March 2026 is DemoIndex.now: the first such weekday from then, a class day.
        let expected = CalendarDate(iso: "2026-03-16")!.next(suggestion.meeting.day)
        #expect(event.date == expected && event.start == suggestion.meeting.start && event.end == suggestion.meeting.end)
        #expect(unfolded.contains("LOCATION:\(suggestion.rooms[0].room)\r\n"))
        // The same meeting written again has the same UID.
        let again = try campus.invitation(to: suggestion, of: answer, organizer: organizer, title: "Project", now: DemoIndex.now)
        let uid = { (text: String) in text.split(separator: "\r\n").first { $0.hasPrefix("UID:") } }
        #expect(uid(ics) != nil && uid(ics) == uid(again) && again.contains("SUMMARY:Project"))
        // Without an organizer it is published, not a request.
        #expect(try campus.invitation(to: suggestion, of: answer, organizer: nil, title: nil, now: DemoIndex.now).contains("METHOD:PUBLISH"))
    }

    @Test("an invitation asks only people whose directory e-mail is one plain address: none can add a recipient")
    func invitationAddsNoHiddenRecipient() async throws {
        let campus = try await DemoIndex.campus()
        var answer = try await Self.answer()
        answer.overlay.people["brennam"]?.email = "brennam@rose-hulman.edu?bcc=evil%40attacker.example"
        answer.overlay.people["oyelarn"]?.email = "oyelarn@rose-hulman.edu,evil@attacker.example"
        var organizer = try campus.contact(of: "whitfid").card.person
        organizer.email = "whitfid@rose-hulman.edu?cc=evil@attacker.example"
        let ics = try campus.invitation(to: answer.suggestions[0], of: answer, organizer: organizer, title: nil, now: DemoIndex.now)
        let unfolded = ics.replacingOccurrences(of: "\r\n ", with: "")
        #expect(!unfolded.contains("evil"), "no address of the attacker, in any form")
        #expect(unfolded.contains("mailto:paxtonr@") && unfolded.contains("mailto:seftonu@"), "the others are asked")
        #expect(!unfolded.contains("brennam@") && !unfolded.contains("oyelarn@"))
        #expect(unfolded.contains("METHOD:PUBLISH"), "an organizer who cannot be written to asks for no replies")
    }

    @Test("an invitation to a time of today already begun falls on that weekday next week; one still to come, today")
    func invitationNotInThePast() async throws {
        let campus = try await DemoIndex.campus()
        let answer = try await Self.answer()
        let zone = try campus.read { try campus.termClock($0).zone }
        let now = zone.localTime(secondsSince1970: Int64(DemoIndex.now.timeIntervalSince1970))
        #expect(now.weekday == .monday && now.clock.hour == 10, "DemoIndex.now is a Monday morning: \(now)")
        func invited(at hour: Int) throws -> CalendarDate? {
            let slot = OverlaySlot(day: .monday, start: ClockTime(hour: hour, minute: 0)!, end: ClockTime(hour: hour, minute: 50)!)
            let suggestion = MeetingSuggestion(meeting: slot, slot: slot, busy: [], freeCount: 4, rooms: [])
            let ics = try campus.invitation(to: suggestion, of: answer, organizer: nil, title: nil, now: DemoIndex.now)
            return try ICalendarReader(zone: zone).events(in: ics).first?.date
        }
        #expect(try invited(at: 8) == now.date.adding(days: 7), "8:00 has passed by ten")
        #expect(try invited(at: 11) == now.date, "11:00 is still to come")
    }

    @Test("an invitation in a week whose day is a break, or after the term's classes, is no meeting time, naming why")
    func invitationRefused() async throws {
        let campus = try await DemoIndex.campus()
        let easter = try await Self.answer(week: CalendarDate(iso: "2026-04-03"))
        let friday = OverlaySlot(day: .friday, start: ClockTime(hour: 12, minute: 0)!, end: ClockTime(hour: 12, minute: 50)!)
        let onFriday = MeetingSuggestion(meeting: friday, slot: friday, busy: [], freeCount: 4, rooms: [])
        #expect {
            try campus.invitation(to: onFriday, of: easter, organizer: nil, title: nil, now: DemoIndex.now)
        } throws: { error in
            guard case .noMeetingTime(let detail) = error as? CampusError else { return false }
            return detail.contains("2026-04-03") && detail.contains("break") && detail.contains("another week")
        }
        let answer = try await Self.answer()
        let afterTerm = Date(timeIntervalSince1970: 1_785_000_000)  // July 2026
        #expect {
            try campus.invitation(to: answer.suggestions[0], of: answer, organizer: nil, title: nil, now: afterTerm)
        } throws: { error in
            guard case .noMeetingTime(let detail) = error as? CampusError else { return false }
            return detail.contains("has no day of classes on a") && detail.contains("week of the term")
        }
    }
}
