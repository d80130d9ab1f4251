import CampusCore

/// Sections read back from the API's shape (``SectionShape``), for the command line's
/// renderers: what a server answered prints as the local index's answer would.
extension Section {
    /// The section `shape` describes.
    ///
    /// - Throws: ``CampusError/failed(_:)`` when the shape holds what no section holds.
    init(_ shape: SectionShape) throws(CampusError) {
        guard let id = SectionID(shape.id) else { throw ShapeReading.unreadable("a section id", shape.id) }
        self.init(
            id: id, crn: shape.crn, title: shape.title, instructors: shape.instructors.map(InstructorRef.init),
            credits: shape.credits, enrolled: shape.enrolled, capacity: shape.capacity,
            schedule: MeetingSchedule(raw: shape.schedule, meetings: try shape.meetings.map(Meeting.init),
                                      isToBeAnnounced: shape.tba, unreadable: shape.unreadable ?? []),
            comments: shape.comments, finalExam: try shape.finalExam.map(FinalExam.init), termDates: shape.termDates,
            crossListedWith: shape.crossListedWith.compactMap { SectionID($0) },
            creditRange: shape.creditRange.flatMap(CreditRange.init(text:)), campus: shape.campus,
            scheduleType: shape.scheduleType, waitlist: shape.waitlist.map { Waitlist(capacity: $0.capacity, count: $0.count) },
            linkIdentifier: shape.link)
    }
}

extension ScheduledSection {
    /// A section with the role its annotation names.
    init(_ shape: Annotated<SectionShape>) throws(CampusError) {
        guard let role = SectionRole(rawValue: shape.value) else { throw ShapeReading.unreadable("a role", shape.value) }
        self.init(section: try Section(shape.base), role: role)
    }
}

extension InstructorRef {
    init(_ shape: InstructorShape) {
        self.init(name: shape.name, username: shape.username, email: shape.email, isPrimary: shape.primary)
    }
}

extension Meeting {
    init(_ shape: MeetingShape) throws(CampusError) {
        guard let start = ClockTime(iso: shape.start), let end = ClockTime(iso: shape.end) else {
            throw ShapeReading.unreadable("a meeting time", "\(shape.start)-\(shape.end)")
        }
        guard let kind = MeetingKind(rawValue: shape.kind) else { throw ShapeReading.unreadable("a kind of meeting", shape.kind) }
        self.init(days: [Weekday](letters: shape.days) ?? [], start: start, end: end, room: shape.room, kind: kind,
                  dates: try ShapeReading.dates(shape.firstDay, shape.lastDay))
    }
}

extension FinalExam {
    init(_ shape: FinalExamShape) throws(CampusError) {
        self.init(day: shape.day?.first.flatMap(Weekday.init(letter:)), start: shape.start.flatMap { ClockTime(iso: $0) },
                  room: shape.room, raw: shape.text, dates: try ShapeReading.dates(shape.firstDay, shape.lastDay),
                  end: shape.end.flatMap { ClockTime(iso: $0) })
    }
}
