import CampusCore

/// One `searchResults` section as a ``Section``.
struct Banner9SectionReader {
    let entry: Banner9Section

    /// `nil` when subject, number and sequence do not make a section id.
    var section: Section? {
        guard let id = SectionID("\(entry.subject)\(entry.courseNumber)-\(entry.sequenceNumber)") else { return nil }
        let rows = entry.meetingsFaculty.map { row(of: $0.meetingTime) }
        let (schedule, finalExam) = BannerSchedule.assemble(rows)
        let credits = BannerCredits(
            hours: entry.creditHours, low: entry.creditHourLow, high: entry.creditHourHigh, indicator: entry.creditHourIndicator)
        return Section(
            id: id, crn: entry.courseReferenceNumber, title: Banner9Text.clean(entry.courseTitle),
            instructors: entry.faculty.map { faculty in
                InstructorRef(
                    name: Banner9Text.clean(faculty.displayName), username: nil,
                    email: faculty.emailAddress.flatMap(PageText.nonEmpty), isPrimary: faculty.primaryIndicator ?? false)
            },
            credits: credits.whole, enrolled: entry.enrollment, capacity: entry.maximumEnrollment,
            schedule: schedule, finalExam: finalExam, creditRange: credits.range,
            campus: entry.campusDescription.flatMap(Banner9Text.nonEmpty), scheduleType: entry.scheduleTypeDescription.flatMap(Banner9Text.nonEmpty),
            waitlist: entry.waitCapacity.map { Waitlist(capacity: $0, count: entry.waitCount ?? 0) },
            linkIdentifier: entry.isSectionLinked == true ? entry.linkIdentifier : nil,
            crossListGroup: entry.crossList)
    }

    private func row(of time: Banner9MeetingTime) -> BannerMeetingRow {
        let flags: [(Bool, Weekday)] = [
            (time.monday, .monday), (time.tuesday, .tuesday), (time.wednesday, .wednesday), (time.thursday, .thursday),
            (time.friday, .friday), (time.saturday, .saturday), (time.sunday, .sunday),
        ]
        let place = [time.buildingDescription.flatMap(Banner9Text.nonEmpty) ?? time.building.flatMap(Banner9Text.nonEmpty),
                     time.room.flatMap(Banner9Text.nonEmpty)].compactMap { $0 }
        let start = time.beginTime.flatMap(Self.clock), end = time.endTime.flatMap(Self.clock)
        let dates = time.startDate.flatMap { CalendarDate(registrar: $0) }.flatMap { first in
            time.endDate.flatMap { CalendarDate(registrar: $0) }.flatMap { last in first <= last ? DateRange(first: first, last: last) : nil }
        }
        return BannerMeetingRow(
            type: time.meetingTypeDescription ?? time.meetingType, scheduleType: time.meetingScheduleType,
            days: flags.filter(\.0).map(\.1), times: start.flatMap { start in end.map { (start, $0) } },
            room: place.isEmpty ? nil : place.joined(separator: " "), dates: dates)
    }

    /// `1130` as 11:30.
    private static func clock(_ text: String) -> ClockTime? {
        guard text.count == 4, let value = Int(text) else { return nil }
        return ClockTime(hour: value / 100, minute: value % 100)
    }
}
