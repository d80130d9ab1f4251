/// How a Banner 8 school words the pages' labels and headers. These are Ellucian's
/// defaults; a school's definition file names any spelling that differs.
struct Banner8Labels: Sendable {
    /// The caption of the sections table (`Sections Found`).
    var sectionsCaption = "Sections Found"
    /// The caption of a detail page's table (`Detailed Class Information`).
    var detailCaption = "Detailed Class Information"
    /// The caption of a section's meetings table.
    var meetingsCaption = "Scheduled Meeting Times"
    /// The caption of a detail page's seats table.
    var seatsCaption = "Registration Availability"
    /// The term label of a section's text (`Associated Term:`).
    var associatedTerm = "Associated Term"
    /// The end of the line naming the schedule type (`Lecture Schedule Type`).
    var scheduleTypeSuffix = "Schedule Type"
    /// The end of the line naming the campus (`Boston, Main Campus`).
    var campusSuffix = "Campus"
    /// Meeting table headers.
    var type = "Type", time = "Time", days = "Days", place = "Where", dateRange = "Date Range"
    var meetingScheduleType = "Schedule Type", instructors = "Instructors"
    /// Seats table rows and columns.
    var seats = "Seats", waitlistSeats = "Waitlist Seats", capacity = "Capacity", actual = "Actual"
    /// What the term drop-down and the subject list are named.
    var termField = "p_term", subjectField = "sel_subj"
    /// Text of a search that found nothing.
    var noClassesText = "No classes were found that meet your search criteria"
    /// Added to the names of terms that can no longer be registered for.
    var viewOnlySuffix = "(View only)"

    /// The labels a definition may respell, by their name under `labels:`.
    static let named: [String: WritableKeyPath<Banner8Labels, String> & Sendable] = [
        "sectionsCaption": \.sectionsCaption, "detailCaption": \.detailCaption, "meetingsCaption": \.meetingsCaption,
        "seatsCaption": \.seatsCaption, "associatedTerm": \.associatedTerm, "scheduleTypeSuffix": \.scheduleTypeSuffix,
        "campusSuffix": \.campusSuffix, "type": \.type, "time": \.time, "days": \.days, "place": \.place,
        "dateRange": \.dateRange, "meetingScheduleType": \.meetingScheduleType, "instructors": \.instructors,
        "seats": \.seats, "waitlistSeats": \.waitlistSeats, "capacity": \.capacity, "actual": \.actual,
        "termField": \.termField, "subjectField": \.subjectField, "noClassesText": \.noClassesText,
        "viewOnlySuffix": \.viewOnlySuffix,
    ]
}
