import CampusCore
import Foundation
import Testing

/// The inputs kept in `Fuzz/Inputs/icalendar/` (FUZZING.md), read as `campus overlay --busy` reads a
/// file: each once crashed or hung the reader, and now gives an error naming its line.
@Suite struct ICalendarKeptInputTests {
    static let inputs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Inputs/icalendar")

    let reader = ICalendarReader(
        zone: CampusTimeZone(name: "America/Indiana/Indianapolis", standardOffset: -300, daylightOffset: -240))

    /// The error reading the kept input `name` gives; `nil` (and a failed expectation) when it gives events.
    func error(reading name: String) throws -> ICalendarError? {
        let text = try String(contentsOf: Self.inputs.appendingPathComponent(name), encoding: .utf8)
        return #expect(throws: ICalendarError.self) { try reader.events(in: text) }
    }

    @Test("a signed hour (DTEND:20260309T-50000) is not a date and time; it was read as a negative time of day")
    func signedHour() throws {
        let error = try error(reading: "crash-f758f13a6d93ea31a0de343d12ba628a90b2ddaa")
        #expect(error?.line == 5)
        #expect(error?.problem.hasPrefix("DTEND '20260309T-50000' is not a date") == true, "\(String(describing: error))")
    }

    @Test("a rule part of only '=' is a rule not expanded; it was looked up in an empty split")
    func rulePartWithoutName() throws {
        let error = try error(reading: "crash-94716c2976a6d53dd1a440210b17a5832bb302cb")
        #expect(error?.line == 6)
        #expect(error?.problem.hasPrefix("the rule = in RRULE:FREQ=WEEKLY;=;WKST=MO;INTERVAL=1 is not expanded") == true,
                "\(String(describing: error))")
    }

    @Test("a COUNT ending beyond 10,000 years is refused; it was counted out day by day, for ever")
    func countTooFarOff() throws {
        let error = try error(reading: "timeout-huge-count.ics")
        #expect(error?.line == 4)
        #expect(error?.problem.hasPrefix("COUNT=99999999999 in RRULE:FREQ=WEEKLY;COUNT=99999999999 ends more than 10000 years") == true,
                "\(String(describing: error))")
    }
}
