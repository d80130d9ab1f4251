import CampusCore
import CampusLookup

/// The columns every section listing shares, as text and as CSV.
enum SectionRows {
    static let textHeaders = ["SECTION", "TITLE", "INSTRUCTOR", "WHEN / WHERE", "ENRL"]
    static let csvHeaders = [
        "term", "section", "crn", "title", "instructors", "credits", "enrolled", "capacity",
        "schedule", "days", "start", "end", "room", "final_exam", "comments",
    ]

    static func text(_ section: Section) -> [String] {
        let when = section.schedule.meetings.isEmpty
            ? (section.schedule.raw.isEmpty ? "—" : section.schedule.raw)
            : section.schedule.meetings.map(\.summary).joined(separator: "; ")
        let seats = section.enrolled.map { enrolled in section.capacity.map { "\(enrolled)/\($0)" } ?? "\(enrolled)" } ?? ""
        return [section.id.rawValue, section.title, instructors(section), when, seats]
    }

    /// One CSV row per meeting (one row with empty times when it has none).
    static func csv(_ section: Section, term: Term) -> [[String?]] {
        let shared: [String?] = [
            term.code.rawValue, section.id.rawValue, section.crn, section.title, instructors(section),
            section.credits.map(String.init), section.enrolled.map(String.init), section.capacity.map(String.init),
            section.schedule.raw,
        ]
        let tail: [String?] = [section.finalExam?.raw, section.comments]
        guard !section.schedule.meetings.isEmpty else { return [shared + [nil, nil, nil, nil] + tail] }
        return section.schedule.meetings.map { meeting in
            shared + [meeting.days.letters, meeting.start.iso, meeting.end.iso, meeting.room] + tail
        }
    }

    static func instructors(_ section: Section) -> String {
        section.instructors.isEmpty ? "TBA" : section.instructors.map(\.label).joined(separator: ", ")
    }
}
