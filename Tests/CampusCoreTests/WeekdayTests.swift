import CampusCore
import Testing

@Suite("Days and times")
struct WeekdayTests {
    @Test("reads registrar day letters, R being Thursday")
    func letters() {
        #expect([Weekday](letters: "MTRF") == [.monday, .tuesday, .thursday, .friday])
        #expect([Weekday](letters: "FM")?.letters == "MF")
        #expect([Weekday](letters: "MXF") == nil)
        #expect([Weekday](letters: "") == nil)
    }

    @Test("a letter whose upper case is two letters (ß is SS) is no day; it crashed the letter lookup")
    func lettersWithLongUpperCase() {
        #expect(Weekday(letter: "ß") == nil)
        #expect([Weekday](letters: "MßF") == nil)
        #expect([Weekday](letters: "mwf") == [.monday, .wednesday, .friday])
    }

    @Test("reads day names and prefixes")
    func names() {
        #expect(Weekday(name: "thu") == .thursday)
        #expect(Weekday(name: "Monday") == .monday)
        #expect(Weekday(name: "t") == nil)
    }

    @Test("clock times round-trip through HH:MM and print in 12-hour form")
    func clock() throws {
        let time = try #require(ClockTime(iso: "13:05"))
        #expect(time.twelveHour == "1:05pm")
        #expect(time.iso == "13:05")
        #expect(ClockTime(iso: "24:00") == nil)
        #expect(ClockTime(iso: "9:5") == nil)
        #expect(ClockTime(hour: 0, minute: 0)?.twelveHour == "12:00am")
    }

    @Test("meetings overlap only on a shared day and shared minutes")
    func overlap() throws {
        let nine = Meeting(days: [.monday, .wednesday], start: ClockTime(hour: 9, minute: 0)!,
                           end: ClockTime(hour: 9, minute: 50)!, room: "O159")
        let tenTuesday = Meeting(days: [.tuesday], start: ClockTime(hour: 9, minute: 30)!,
                                 end: ClockTime(hour: 10, minute: 20)!, room: nil)
        let mondayLate = Meeting(days: [.monday], start: ClockTime(hour: 9, minute: 50)!,
                                 end: ClockTime(hour: 10, minute: 40)!, room: nil)
        #expect(!nine.overlaps(tenTuesday))
        #expect(nine.overlaps(mondayLate))
        #expect(nine.isInSession(on: .wednesday, at: ClockTime(hour: 9, minute: 10)!))
        #expect(!nine.isInSession(on: .tuesday, at: ClockTime(hour: 9, minute: 10)!))
        #expect(nine.isInSession(on: .monday, at: ClockTime(hour: 9, minute: 49)!))
        #expect(!nine.isInSession(on: .monday, at: ClockTime(hour: 9, minute: 50)!), "half-open: over at its end")
    }
}
