/// Writes a person's term as an iCalendar file (RFC 5545).
///
/// Each weekly meeting pattern is one VEVENT repeating weekly (`RRULE` with
/// `BYDAY` and a UTC `UNTIL` at the end of the last day of classes), starting
/// on the first day it actually meets, in the campus `TZID` with a matching
/// VTIMEZONE, with an `EXDATE` for each break day it would meet on. A final
/// exam is a single event. UIDs depend only on term, section, pattern and
/// person, so importing the file again updates the events instead of adding copies.
///
/// ```swift
/// let writer = ICalendarWriter(calendar: campusCalendar, term: term, termCalendar: spring, owner: "brennam")
/// let ics = writer.write(sections, stampedAt: (CalendarDate(iso: "2026-03-01")!, 0))
/// ```
public struct ICalendarWriter: Sendable {
    public var calendar: CampusCalendar
    public var term: Term
    public var termCalendar: TermCalendar
    /// The person whose schedule it is (part of every UID).
    public var owner: String
    /// The calendar's name, shown by calendar programs.
    public var title: String

    public init(calendar: CampusCalendar, term: Term, termCalendar: TermCalendar, owner: String, title: String? = nil) {
        self.calendar = calendar
        self.term = term
        self.termCalendar = termCalendar
        self.owner = owner
        self.title = title ?? "\(owner) — \(term.name)"
    }

    /// The file for `sections`; `stampedAt` (UTC date, minutes after midnight) becomes every `DTSTAMP`.
    /// A section `revisions` knows changed carries its `SEQUENCE` and `LAST-MODIFIED`; each of its
    /// cancelled sections is written again with `STATUS:CANCELLED`, so calendar programs update.
    public func write(
        _ sections: [Section], stampedAt stamp: (date: CalendarDate, minutes: Int), revisions: EventRevisions = .none
    ) -> String {
        var output = ""
        output.reserveCapacity(1024 + sections.count * 1024)
        let dtstamp = appendHead(stampedAt: stamp, to: &output)
        for section in sections {
            let revision = revisions.revisions[section.id]
            for recurring in RecurringClass.classes(of: section, on: termCalendar) {
                appendEvent(recurring, dtstamp: dtstamp, revision: revision, to: &output)
            }
            if let exam = section.finalExam, let start = exam.start, let date = termCalendar.date(of: exam) {
                appendExam(section, date: date, start: start, end: exam.end, room: exam.room, dtstamp: dtstamp, revision: revision, to: &output)
            }
        }
        for cancelled in revisions.cancelled { appendCancelled(cancelled, dtstamp: dtstamp, to: &output) }
        ContentLine.appendFolded("END:VCALENDAR", to: &output)
        return output
    }

    /// A calendar of free time: each weekly slot one event repeating through the term's
    /// days of classes, breaks left out, called `summary`.
    public func writeFreeTime(_ slots: [Meeting], summary: String, stampedAt stamp: (date: CalendarDate, minutes: Int)) -> String {
        var output = ""
        let dtstamp = appendHead(stampedAt: stamp, to: &output)
        let zone = calendar.timeZone
        let span = termCalendar.classes
        for (index, slot) in slots.enumerated() {
            guard let laid = RecurringClass.lay(slot.days, within: span, on: termCalendar) else { continue }
            let until = zone.utc(span.last, minutes: 23 * 60 + 59)
            var lines = ["BEGIN:VEVENT", "UID:\(term.code.rawValue)-free-\(index)-\(owner.lowercased())@campus-lookup", dtstamp,
                         "DTSTART;TZID=\(zone.name):" + Self.dateTime(laid.first, minutes: slot.start.minutes),
                         "DTEND;TZID=\(zone.name):" + Self.dateTime(laid.first, minutes: slot.end.minutes),
                         "RRULE:FREQ=WEEKLY;BYDAY=" + slot.days.map(Self.dayCode).joined(separator: ",")
                            + ";UNTIL=" + Self.dateTime(until.date, minutes: until.minutes, seconds: 59) + "Z"]
            if !laid.exceptions.isEmpty {
                lines.append("EXDATE;TZID=\(zone.name):" + laid.exceptions.map { Self.dateTime($0, minutes: slot.start.minutes) }.joined(separator: ","))
            }
            lines += ["SUMMARY:" + ContentLine.escape(summary), "TRANSP:TRANSPARENT", "END:VEVENT"]
            for line in lines { ContentLine.appendFolded(line, to: &output) }
        }
        ContentLine.appendFolded("END:VCALENDAR", to: &output)
        return output
    }

    /// An invitation as one event in the campus zone: `METHOD:REQUEST` with its organizer and
    /// attendees asked to reply, or `METHOD:PUBLISH` without an organizer.
    public func write(_ invitation: Invitation, stampedAt stamp: (date: CalendarDate, minutes: Int)) -> String {
        var output = ""
        let dtstamp = appendHead(stampedAt: stamp, method: invitation.organizer == nil ? "PUBLISH" : "REQUEST", to: &output)
        let zone = calendar.timeZone
        var lines = ["BEGIN:VEVENT", "UID:" + ContentLine.escape(invitation.uid), dtstamp,
                     "DTSTART;TZID=\(zone.name):" + Self.dateTime(invitation.date, minutes: invitation.start.minutes),
                     "DTEND;TZID=\(zone.name):" + Self.dateTime(invitation.date, minutes: invitation.end.minutes),
                     "SUMMARY:" + ContentLine.escape(invitation.summary)]
        if let location = invitation.location { lines.append("LOCATION:" + ContentLine.escape(location)) }
        if let organizer = invitation.organizer {
            lines.append("ORGANIZER;CN=\(Self.parameter(organizer.name)):" + MailtoURI(to: [organizer.email]).description)
        }
        for attendee in invitation.attendees {
            lines.append("ATTENDEE;CN=\(Self.parameter(attendee.name));ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:" + MailtoURI(to: [attendee.email]).description)
        }
        lines.append("END:VEVENT")
        for line in lines + ["END:VCALENDAR"] { ContentLine.appendFolded(line, to: &output) }
        return output
    }

    /// A parameter value (RFC 5545 3.2): quoted, without the characters a quoted value may not hold.
    static func parameter(_ text: String) -> String {
        "\"" + String(text.filter { $0 != "\"" && !$0.isNewline && !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) }) + "\""
    }

    /// The calendar's head and time zone; the `DTSTAMP` line of its events.
    private func appendHead(
        stampedAt stamp: (date: CalendarDate, minutes: Int), method: String = "PUBLISH", to output: inout String
    ) -> String {
        let head = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//campus-lookup//campus schedule//EN",
                    "CALSCALE:GREGORIAN", "METHOD:" + method, "X-WR-CALNAME:" + ContentLine.escape(title),
                    "X-WR-TIMEZONE:" + calendar.timeZone.name]
        for line in head + calendar.timeZone.vtimezone { ContentLine.appendFolded(line, to: &output) }
        return "DTSTAMP:" + Self.dateTime(stamp.date, minutes: stamp.minutes) + "Z"
    }

    private func appendEvent(_ recurring: RecurringClass, dtstamp: String, revision: EventRevisions.Revision?, to output: inout String) {
        let meeting = recurring.meeting, zone = calendar.timeZone
        let until = zone.utc(recurring.last, minutes: 23 * 60 + 59)
        var lines = ["BEGIN:VEVENT", "UID:" + uid(recurring.section, part: "m\(recurring.meetingIndex)"), dtstamp,
                     "DTSTART;TZID=\(zone.name):" + Self.dateTime(recurring.first, minutes: meeting.start.minutes),
                     "DTEND;TZID=\(zone.name):" + Self.dateTime(recurring.first, minutes: meeting.end.minutes),
                     "RRULE:FREQ=WEEKLY;BYDAY=" + meeting.days.map(Self.dayCode).joined(separator: ",")
                        + ";UNTIL=" + Self.dateTime(until.date, minutes: until.minutes, seconds: 59) + "Z"]
        if !recurring.exceptions.isEmpty {
            lines.append("EXDATE;TZID=\(zone.name):" + recurring.exceptions
                .map { Self.dateTime($0, minutes: meeting.start.minutes) }.joined(separator: ","))
        }
        lines += Self.revisionLines(revision)
        appendDetails(recurring.section, room: meeting.room, lines: &lines)
        for line in lines { ContentLine.appendFolded(line, to: &output) }
    }

    private func appendExam(
        _ section: Section, date: CalendarDate, start: ClockTime, end: ClockTime?, room: String?, dtstamp: String,
        revision: EventRevisions.Revision?, to output: inout String
    ) {
        let zone = calendar.timeZone, end = end ?? start.adding(minutes: calendar.examMinutes)
        var lines = ["BEGIN:VEVENT", "UID:" + uid(section, part: "final"), dtstamp,
                     "DTSTART;TZID=\(zone.name):" + Self.dateTime(date, minutes: start.minutes),
                     "DTEND;TZID=\(zone.name):" + Self.dateTime(date, minutes: end.minutes)]
        lines += Self.revisionLines(revision)
        appendDetails(section, room: room, summaryPrefix: "Final exam: ", lines: &lines)
        for line in lines { ContentLine.appendFolded(line, to: &output) }
    }

    /// SUMMARY, LOCATION, DESCRIPTION and END:VEVENT.
    private func appendDetails(_ section: Section, room: String?, summaryPrefix: String = "", lines: inout [String]) {
        lines.append("SUMMARY:" + ContentLine.escape("\(summaryPrefix)\(section.id.rawValue) \(section.title)"))
        if let room { lines.append("LOCATION:" + ContentLine.escape(room)) }
        var description = section.instructors.map(\.label)
        if let crn = section.crn { description.append("CRN \(crn)") }
        if !description.isEmpty { lines.append("DESCRIPTION:" + ContentLine.escape(description.joined(separator: "\n"))) }
        lines.append("END:VEVENT")
    }

    /// Each weekly event a cancelled section had, again, marked cancelled: same UID, a higher
    /// `SEQUENCE`, on the term's first day of classes (a calendar program matches it by UID).
    private func appendCancelled(_ cancelled: EventRevisions.Cancelled, dtstamp: String, to output: inout String) {
        let first = termCalendar.classes.first
        for part in (0..<cancelled.meetings).map({ "m\($0)" }) {
            let lines = ["BEGIN:VEVENT", "UID:" + uid(cancelled.section, part: part), dtstamp,
                         "DTSTART;VALUE=DATE:" + first.basic] + Self.revisionLines(cancelled.revision) + [
                "STATUS:CANCELLED",
                "SUMMARY:" + ContentLine.escape("Cancelled: \(cancelled.section.rawValue) \(cancelled.title)"), "END:VEVENT"]
            for line in lines { ContentLine.appendFolded(line, to: &output) }
        }
    }

    /// `SEQUENCE` and `LAST-MODIFIED` of a section that changed; nothing of one that did not.
    private static func revisionLines(_ revision: EventRevisions.Revision?) -> [String] {
        guard let revision else { return [] }
        return ["SEQUENCE:\(revision.sequence)",
                "LAST-MODIFIED:" + dateTime(revision.lastModified.date, minutes: revision.lastModified.minutes) + "Z"]
    }

    /// `202630-CSSE474-01-m0-brennam@campus-lookup`.
    private func uid(_ section: Section, part: String) -> String {
        uid(section.id, part: part)
    }

    private func uid(_ section: SectionID, part: String) -> String {
        "\(term.code.rawValue)-\(section.rawValue)-\(part)-\(owner.lowercased())@campus-lookup"
    }

    /// `20260309T150000`: a DATE-TIME with no zone suffix.
    static func dateTime(_ date: CalendarDate, minutes: Int, seconds: Int = 0) -> String {
        date.basic + "T" + String(minutes / 60).leftPadded(to: 2) + String(minutes % 60).leftPadded(to: 2)
            + String(seconds).leftPadded(to: 2)
    }

    /// `MO`, `TU`, ... `SU`.
    static func dayCode(_ day: Weekday) -> String {
        switch day {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }
}
