internal import CampusIndex
import CampusCore
import Foundation

/// One time a group could meet: the meeting itself (the first `minutes` of a slot of the
/// overlay's ranking), how long the same people stay free, who is busy, and the rooms free
/// for the whole meeting, closest first to where the members come from.
public struct MeetingSuggestion: Sendable {
    /// The meeting: its day, start, and end (`minutes` after the start).
    public var meeting: OverlaySlot
    /// The slot it opens: when the same people stop being free.
    public var slot: OverlaySlot
    /// Usernames of the members busy at some point of the meeting.
    public var busy: [String]
    /// How many members are free for the whole meeting.
    public var freeCount: Int
    /// Rooms free for the whole meeting, those in the building most members come from first.
    public var rooms: [FreeRoom]
}

/// `campus meet`: an overlay and the best times and places it gives for a meeting.
public struct MeetAnswer: Sendable {
    public var overlay: OverlayAnswer
    /// How long the meeting lasts.
    public var minutes: Int
    /// The best times: everyone free first, then fewest busy.
    public var suggestions: [MeetingSuggestion]
}

extension CampusContext {
    /// The best `top` times of an overlay for a meeting of `minutes` (its minimum slot), each
    /// with up to `roomsEach` rooms free for the whole meeting. Slots where nobody is free are
    /// no suggestion.
    func meetings(in overlay: OverlayAnswer, minutes: Int, top: Int, roomsEach: Int = 5) throws(CampusError) -> MeetAnswer {
        let finder = try read { reader in try roomFinder(term: overlay.term.code, reader) }
        let places = MeetingPlaces(finder: finder)
        let meetings = overlay.overlay.members.map { $0.busy.map(\.meeting) }
        let suggestions = overlay.overlay.ranking.lazy.filter { $0.freeCount > 0 }.prefix(top).map { ranked in
            let slot = ranked.slot
            let end = slot.start.adding(minutes: minutes)
            return MeetingSuggestion(
                meeting: OverlaySlot(day: slot.day, start: slot.start, end: end), slot: slot, busy: ranked.busy,
                freeCount: ranked.freeCount,
                rooms: places.rooms(on: slot.day, from: slot.start, to: end, before: meetings, limit: roomsEach))
        }
        return MeetAnswer(overlay: overlay, minutes: minutes, suggestions: Array(suggestions))
    }

    /// The invitation to `suggestion`: on the next day of classes on its weekday from now (today only when it has not begun; or
    /// in the overlay's week, when it looks at one), in its first room, the members who have an
    /// e-mail address as attendees. An organizer makes it a request for replies.
    ///
    /// - Throws: ``CampusError/noMeetingTime(_:)`` when the term has no day of classes left on
    ///   that weekday, or the week's is no day of classes;
    ///   ``CampusError/noTermCalendar(term:termName:definition:)``.
    func invitation(
        to suggestion: MeetingSuggestion, of answer: MeetAnswer, organizer: Person?, title: String?, now: Date
    ) throws(CampusError) -> String {
        let term = answer.overlay.term
        let (calendar, local) = try read { reader in
            (try campusDescription(reader).calendar,
             try termClock(reader).zone.localTime(secondsSince1970: now.secondsSince1970))
        }
        // A meeting today that has already begun is no meeting to invite to: the next such day.
        let from = suggestion.meeting.day == local.weekday && suggestion.meeting.start.minutes <= local.minutes
            ? local.date.adding(days: 1) : local.date
        guard let termCalendar = calendar.terms[term.code] else {
            let name = configuration.registrar.definition ?? "rose-hulman"
            throw .noTermCalendar(term: term.code.rawValue, termName: term.name, definition: (try? locator.definition(name).path) ?? name)
        }
        let day = suggestion.meeting.day
        let date: CalendarDate
        if let week = answer.overlay.overlay.options.week {
            date = week.next(day)
            if let noClasses = termCalendar.noClasses(on: date) {
                throw .noMeetingTime("\(date.iso), the \(day.name) of that week, is \(noClasses): give another week")
            }
        } else if let next = termCalendar.nextClassDay(on: day, onOrAfter: from) {
            date = next
        } else {
            throw .noMeetingTime("\(term.name) has no day of classes on a \(day.name) after \(from.iso): give the week of the term to meet in")
        }
        let people = answer.overlay.overlay.members.compactMap { answer.overlay.people[$0.id] }
        // Only one plain address each: a directory e-mail holding `?bcc=` or a list would add recipients.
        func attendee(_ person: Person) -> Invitation.Attendee? {
            person.email.flatMap { MailtoURI.isAddress($0) ? Invitation.Attendee(name: person.name ?? person.username, email: $0) : nil }
        }
        let names = people.map { $0.name ?? $0.username }
        let summary = title ?? (names.count <= 3 ? "Meeting: " + names.joined(separator: ", ") : "Meeting of \(names.count) people")
        let meeting = suggestion.meeting
        let invitation = Invitation(
            date: date, start: meeting.start, end: meeting.end, summary: summary, location: suggestion.rooms.first?.room,
            organizer: organizer.flatMap(attendee), attendees: people.compactMap(attendee),
            uid: "meet-\(term.code.rawValue)-\(date.basic)-\(meeting.start.minutes)-" + FNV.hex(people.map(\.username).sorted().joined(separator: ",")) + "@campus-lookup")
        let writer = ICalendarWriter(calendar: calendar, term: term, termCalendar: termCalendar, owner: organizer?.username ?? "campus", title: summary)
        return writer.write(invitation, stampedAt: Self.utcStamp(now))
    }
}
