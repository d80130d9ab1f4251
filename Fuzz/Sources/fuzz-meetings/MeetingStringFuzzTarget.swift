import CampusCore
import FuzzSupport
@testable import Registrar

private let parser = MeetingStringParser(grammar: FuzzFiles.definition.meetings, periods: FuzzFiles.definition.periods)

/// One input as a Term Schedule cell, read both as a current page (clock hours) and an older one
/// (periods): the schedule keeps the text, and every meeting read has days and ends no earlier than it starts.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMeetingStrings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for bareNumbers in [MeetingStringParser.BareNumbers.clockHours, .periods] {
        let schedule = parser.parse(text, bareNumbers: bareNumbers)
        precondition(schedule.raw == text, "the schedule of \(text.debugDescription) lost its text")
        for meeting in schedule.meetings {
            precondition(!meeting.days.isEmpty && meeting.start <= meeting.end,
                         "\(text.debugDescription) read as \(meeting.summary)")
        }
    }
    return 0
}
