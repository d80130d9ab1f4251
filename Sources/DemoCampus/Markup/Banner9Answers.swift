import CampusCore

/// A generated term as Banner 9's class-search API answers it: the JSON shapes of
/// `getTerms`, `get_subject` and `searchResults` (the fields campus-lookup reads, named
/// and typed as the real server sends them; see `../shared/registrar-samples/banner9/`).
enum Banner9Answers {
    /// `[{"code": "202630", "description": "Spring 2025-2026"}]`, newest first as Banner lists them.
    struct Code: Encodable {
        var code: String
        var description: String
    }

    /// One `searchResults` answer.
    struct SearchResults: Encodable {
        var success = true
        var totalCount: Int
        var data: [SectionEntry]
        var pageOffset = 0
        var pageMaxSize: Int
        var sectionsFetchedCount: Int
    }

    struct SectionEntry: Encodable {
        var id: Int
        var term: String
        var termDesc: String
        var courseReferenceNumber: String
        var subject: String
        var subjectDescription: String
        var courseNumber: String
        var sequenceNumber: String
        var subjectCourse: String
        var courseTitle: String
        var campusDescription = "Main Campus"
        var scheduleTypeDescription: String
        var creditHours: Double?
        var maximumEnrollment: Int
        var enrollment: Int
        var seatsAvailable: Int
        var waitCapacity = 0
        var waitCount = 0
        var crossList: String?
        var isSectionLinked = false
        var linkIdentifier: String?
        var faculty: [Faculty]
        var meetingsFaculty: [MeetingFaculty]
    }

    struct Faculty: Encodable {
        var displayName: String
        var emailAddress: String?
        var primaryIndicator: Bool
    }

    struct MeetingFaculty: Encodable {
        var meetingTime: MeetingTime
    }

    struct MeetingTime: Encodable {
        var beginTime: String?
        var endTime: String?
        var monday: Bool, tuesday: Bool, wednesday: Bool, thursday: Bool, friday: Bool, saturday: Bool, sunday: Bool
        var building: String?
        var buildingDescription: String?
        var room: String?
        var startDate: String?
        var endDate: String?
        var meetingScheduleType: String
        var meetingType: String
    }

    /// The sections of one subject in `snapshot`, as one answer holding them all
    /// (the emulator pages it as `pageOffset` and `pageMaxSize` ask).
    ///
    /// - Parameters:
    ///   - emailDomain: Instructors' e-mail addresses are `username@emailDomain`, as the directory has them.
    ///   - days: The term's days of classes, every meeting's `startDate` and `endDate`.
    static func search(
        _ subject: String, subjectName: String, in snapshot: TermSnapshot, crossLists: [SectionID: String],
        emailDomain: String, days: DateRange?
    ) -> SearchResults {
        let sections = snapshot.sections.values.filter { $0.id.subject == subject }.sorted { $0.id < $1.id }
        let entries = sections.enumerated().map { number, section in
            entry(section, number: number, subjectName: subjectName, term: snapshot.term, crossList: crossLists[section.id],
                  emailDomain: emailDomain, days: days)
        }
        return SearchResults(totalCount: entries.count, data: entries, pageMaxSize: max(1, entries.count), sectionsFetchedCount: entries.count)
    }

    private static func entry(
        _ section: Section, number: Int, subjectName: String, term: Term, crossList: String?, emailDomain: String, days: DateRange?
    ) -> SectionEntry {
        let course = section.id.course
        let capacity = section.capacity ?? 0, enrolled = section.enrolled ?? 0
        return SectionEntry(
            id: number + 1, term: term.code.rawValue, termDesc: term.name,
            courseReferenceNumber: section.crn ?? "", subject: section.id.subject, subjectDescription: subjectName,
            courseNumber: String(course.dropFirst(section.id.subject.count)), sequenceNumber: section.id.section,
            subjectCourse: course, courseTitle: section.title, scheduleTypeDescription: "Lecture",
            creditHours: section.credits.map(Double.init), maximumEnrollment: capacity, enrollment: enrolled,
            seatsAvailable: max(0, capacity - enrolled), crossList: crossList,
            faculty: section.instructors.enumerated().map { position, instructor in
                Faculty(displayName: instructor.name, emailAddress: instructor.username.map { "\($0)@\(emailDomain)" },
                        primaryIndicator: position == 0)
            },
            meetingsFaculty: section.schedule.meetings.map { meeting in
                MeetingFaculty(meetingTime: time(meeting, days: days))
            })
    }

    private static func time(_ meeting: Meeting, days: DateRange?) -> MeetingTime {
        func clock(_ time: ClockTime) -> String { time.iso.filter { $0 != ":" } }
        func date(_ day: CalendarDate?) -> String? {
            day.map { "\(String($0.month).leftPadded(to: 2))/\(String($0.day).leftPadded(to: 2))/\($0.year)" }
        }
        let on = Set(meeting.days)
        return MeetingTime(
            beginTime: clock(meeting.start), endTime: clock(meeting.end),
            monday: on.contains(.monday), tuesday: on.contains(.tuesday), wednesday: on.contains(.wednesday),
            thursday: on.contains(.thursday), friday: on.contains(.friday), saturday: on.contains(.saturday),
            // The demo's rooms are named whole (`O159`), as the reg-sched.pl pages name them.
            sunday: on.contains(.sunday), building: nil, buildingDescription: nil, room: meeting.room, startDate: date(days?.first), endDate: date(days?.last),
            meetingScheduleType: meeting.kind == .lab ? "LAB" : "LEC", meetingType: "CLAS")
    }
}
