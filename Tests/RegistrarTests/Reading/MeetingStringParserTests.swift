import CampusCore
import Testing
@testable import Registrar

/// The meeting-string grammar, over many generated strings as well as each documented form.
@Suite struct MeetingStringParserTests {
    let parser: MeetingStringParser

    init() throws {
        let definition = try RegistrarTestFiles.definition()
        parser = MeetingStringParser(grammar: definition.meetings, periods: definition.periods)
    }

    private func time(_ iso: String) -> ClockTime { ClockTime(iso: iso)! }

    /// Every day set drawn from `MTWRFSU` by a bit mask, in the registrar's letter order.
    private static let daySets: [String] = (1..<(1 << 7)).map { mask in
        String("MTWRFSU".enumerated().filter { mask & (1 << $0.offset) != 0 }.map(\.element))
    }

    @Test func singleStartTimesFollowTheClockRules() {
        for days in Self.daySets {
            for hour in 1...12 {
                for minute in [0, 5, 30, 55] {
                    let minuteText = minute < 10 ? "0\(minute)" : "\(minute)"
                    let raw = "\(days)/\(hour):\(minuteText)/O1\(hour)"
                    let schedule = parser.parse(raw, bareNumbers: .clockHours)
                    let expectedHour = (1...7).contains(hour) ? hour + 12 : hour
                    let start = ClockTime(hour: expectedHour, minute: minute)!
                    #expect(schedule.raw == raw)
                    #expect(schedule.meetings == [
                        Meeting(days: [Weekday](letters: days)!, start: start, end: start.adding(minutes: 50), room: "O1\(hour)"),
                    ], "\(raw)")
                }
            }
        }
    }

    @Test func rangesGiveTheirOwnEnd() {
        for startHour in [8, 9, 10, 11, 12, 1, 2, 3, 4] {
            for length in 1...3 {
                let endHour = (startHour + length - 2) % 12 + 1
                let raw = "MW/\(startHour):00-\(endHour):50/O157"
                let schedule = parser.parse(raw, bareNumbers: .clockHours)
                let start = ClockTime(hour: (1...7).contains(startHour) ? startHour + 12 : startHour, minute: 0)!
                #expect(schedule.meetings.count == 1, "\(raw)")
                let meeting = schedule.meetings.first
                #expect(meeting?.start == start, "\(raw)")
                #expect(meeting?.end == start.adding(minutes: (length - 1) * 60 + 50), "\(raw)")
            }
        }
    }

    @Test func patternsSplitAtSemicolons() {
        let schedule = parser.parse("TR/8:00-9:50/M111; F/8:00-9:50/M111", bareNumbers: .clockHours)
        #expect(schedule.meetings == [
            Meeting(days: [.tuesday, .thursday], start: time("08:00"), end: time("09:50"), room: "M111"),
            Meeting(days: [.friday], start: time("08:00"), end: time("09:50"), room: "M111"),
        ])
    }

    @Test func bareNumbersAreClockHoursOrPeriods() throws {
        let definition = try RegistrarTestFiles.definition()
        for first in 1...10 {
            for last in first...10 {
                let raw = "MWF/\(first)-\(last)/O157"
                let periods = parser.parse(raw, bareNumbers: .periods).meetings.first
                #expect(periods?.start == definition.periods.starts[first], "\(raw)")
                #expect(periods?.end == definition.periods.starts[last]?.adding(minutes: 50), "\(raw)")
            }
        }
        #expect(parser.parse("MWF/1-2/O157", bareNumbers: .clockHours).meetings == [
            Meeting(days: [.monday, .wednesday, .friday], start: time("13:00"), end: time("14:50"), room: "O157"),
        ])
    }

    @Test func olderFormsAreAlwaysPeriods() {
        #expect(parser.parse("MTWRF 3", bareNumbers: .clockHours).meetings == [
            Meeting(days: [.monday, .tuesday, .wednesday, .thursday, .friday], start: time("09:55"), end: time("10:45"), room: nil),
        ])
        #expect(parser.parse("MTR/8:W/5-7", bareNumbers: .clockHours).meetings == [
            Meeting(days: [.monday, .tuesday, .thursday], start: time("14:30"), end: time("15:20"), room: nil),
            Meeting(days: [.wednesday], start: time("11:45"), end: time("14:25"), room: nil),
        ])
    }

    @Test func twentyFourHourEvenings() {
        #expect(parser.parse("T/1730-2100/O159", bareNumbers: .clockHours).meetings == [
            Meeting(days: [.tuesday], start: time("17:30"), end: time("21:00"), room: "O159"),
        ])
    }

    @Test(arguments: ["TBA", "TBA/TBA/ONLINE", "tba", "MWF/TBA/O157", "TBA/TBA"])
    func toBeAnnouncedHasNoMeetings(raw: String) {
        let schedule = parser.parse(raw, bareNumbers: .clockHours)
        #expect(schedule.isToBeAnnounced)
        #expect(schedule.meetings.isEmpty && schedule.unreadable.isEmpty)
        #expect(schedule.raw == raw)
    }

    @Test(arguments: ["", "   "])
    func emptyMeansNoMeeting(raw: String) {
        let schedule = parser.parse(raw, bareNumbers: .clockHours)
        #expect(schedule.meetings.isEmpty && !schedule.isToBeAnnounced && schedule.unreadable.isEmpty)
    }

    @Test(arguments: [
        "XYZ/9:00/O159", "MWF", "MWF/25:00/O157", "MWF/9:75/O157", "MWF/10:00-9:00/O157", "MWF/99/O157",
        "MWF/1-2-3/O157", "M/9:00am-pm/O1", "MTRF/3:00", "//", "MW/11/O157",
    ])
    func unreadableStringsAreKeptRawNeverGuessed(raw: String) {
        let schedule = parser.parse(raw, bareNumbers: .periods)
        let readable = raw == "MTRF/3:00"
        #expect(schedule.raw == raw)
        #expect(readable ? schedule.meetings.count == 1 : schedule.unreadable == [raw], "\(raw)")
        #expect(readable || schedule.meetings.isEmpty)
    }

    @Test("a day letter whose upper case is two letters (ß is SS) is unreadable; it crashed the day-letter lookup")
    func dayLetterWithLongUpperCase() {
        let schedule = parser.parse("ß/9:00/O159; F/9:00/O159", bareNumbers: .clockHours)
        #expect(schedule.unreadable == ["ß/9:00/O159"])
        #expect(schedule.meetings == [Meeting(days: [.friday], start: time("09:00"), end: time("09:50"), room: "O159")])
        #expect(parser.parse("MßF 3", bareNumbers: .periods).unreadable == ["MßF 3"])
    }

    @Test func arbitraryTextNeverCrashesAndKeepsEveryPart() {
        var generator = SplitMix64(seed: 2026)
        let alphabet = Array("MTWRFSU/:;-0123456789 TBAamp,O")
        for _ in 0..<3000 {
            let length = Int(generator.next() % 24)
            let raw = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            let schedule = parser.parse(raw, bareNumbers: generator.next() % 2 == 0 ? .clockHours : .periods)
            #expect(schedule.raw == raw)
            for meeting in schedule.meetings {
                #expect(meeting.start <= meeting.end, "\(raw)")
                #expect(!meeting.days.isEmpty, "\(raw)")
            }
        }
    }
}

/// A small deterministic generator, so the generated strings are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
