import CampusCore
import Testing

/// Random schedules checked minute by minute against what the overlay answers.
@Suite("The overlay engine on random schedules")
struct OverlayPropertyTests {
    /// SplitMix64, so every run draws the same schedules.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func days(_ random: inout Seeded) -> [Weekday] {
        let days = Weekday.allCases.filter { _ in Bool.random(using: &random) }
        return days.isEmpty ? [.wednesday] : days
    }

    static func members(_ random: inout Seeded) -> [OverlayMember] {
        (0..<Int.random(in: 1...8, using: &random)).map { index in
            OverlayMember(id: "p\(index)", meetings: (0..<Int.random(in: 0...6, using: &random)).map { _ in
                let start = Int.random(in: 84...240, using: &random) * 5
                let end = min(start + Int.random(in: 4...36, using: &random) * 5, 23 * 60)
                return Meeting(days: days(&random), start: ClockTime(minutes: start)!, end: ClockTime(minutes: end)!, room: nil)
            })
        }
    }

    /// Who is busy in minute `minute` of `day` (meetings are half-open).
    static func busy(_ members: [OverlayMember], _ day: Weekday, _ minute: Int) -> Set<String> {
        Set(members.filter { member in
            member.busy.map(\.meeting).contains { $0.days.contains(day) && $0.start.minutes <= minute && minute < $0.end.minutes }
        }.map(\.id))
    }

    @Test("free slots are exactly the long-enough runs of minutes when nobody is busy; ranking and grid agree", arguments: 0..<200)
    func property(seed: Int) throws {
        var random = Seeded(state: UInt64(seed))
        let members = Self.members(&random)
        let start = Int.random(in: 6...12, using: &random) * 60
        let end = min(start + Int.random(in: 2...12, using: &random) * 60, 24 * 60 - 1)
        let window = DailyWindow(start: ClockTime(minutes: start)!, end: ClockTime(minutes: end)!)!
        let options = OverlayOptions(days: Self.days(&random), window: window, minimumMinutes: Int.random(in: 10...90, using: &random))
        let overlay = try Overlay(members: members, options: options)

        var expected: [OverlaySlot] = []
        for day in options.days {
            var runStart: Int?
            for minute in window.start.minutes...window.end.minutes {
                let free = minute < window.end.minutes && Self.busy(members, day, minute).isEmpty
                if free, runStart == nil { runStart = minute }
                if !free, let first = runStart {
                    if minute - first >= options.minimumMinutes {
                        expected.append(OverlaySlot(day: day, start: ClockTime(minutes: first)!, end: ClockTime(minutes: minute)!))
                    }
                    runStart = nil
                }
            }
        }
        #expect(overlay.freeSlots == expected)

        for ranked in overlay.ranking {
            let minutes = ranked.slot.start.minutes..<ranked.slot.end.minutes
            let busy = minutes.reduce(into: Set<String>()) { $0.formUnion(Self.busy(members, ranked.slot.day, $1)) }
            #expect(Set(ranked.busy) == busy)
            #expect(ranked.freeCount == members.count - busy.count)
            #expect(ranked.slot.minutes >= options.minimumMinutes && ranked.slot.end <= window.end && ranked.slot.start >= window.start)
        }
        #expect(Set(overlay.ranking.filter(\.busy.isEmpty).map(\.slot)) == Set(expected))
        #expect(overlay.ranking.map(\.freeCount) == overlay.ranking.map(\.freeCount).sorted(by: >))

        for day in options.days {
            for hour in OverlayGrid.columns {
                let first = hour == OverlayGrid.columns.first ? 0 : hour * 60
                let last = hour == WeeklyGrid.eveningStart ? 24 * 60 : hour * 60 + 60
                let busy = (first..<last).reduce(into: Set<String>()) { $0.formUnion(Self.busy(members, day, $1)) }
                #expect(Set(overlay.grid.busy(on: day, hour: hour).map { overlay.members[$0].id }) == busy)
            }
        }
    }
}
