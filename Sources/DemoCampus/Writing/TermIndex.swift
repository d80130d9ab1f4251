import CampusCore

/// One term's sections and people arranged the ways pages list them.
struct TermIndex {
    let term: Term
    /// Every section, by id.
    let sections: [Section]
    /// Each section's students, by Banner ID.
    let roster: [SectionID: [Person]]
    /// Each student's sections, by id.
    let studentSections: [String: [Section]]
    /// Each instructor's sections, by id.
    let teaching: [String: [Section]]
    /// Students enrolled this term, by username.
    let students: [Person]

    init(_ snapshot: TermSnapshot) {
        term = snapshot.term
        sections = snapshot.sections.values.sorted { $0.id < $1.id }
        let enrollments = snapshot.enrollments.sorted { ($0.section, $0.username) < ($1.section, $1.username) }
        var roster: [SectionID: [Person]] = [:]
        var studentSections: [String: [Section]] = [:]
        for enrollment in enrollments {
            guard let person = snapshot.people[enrollment.username], let section = snapshot.sections[enrollment.section]
            else { continue }
            roster[enrollment.section, default: []].append(person)
            studentSections[enrollment.username, default: []].append(section)
        }
        self.roster = roster.mapValues { $0.sorted { ($0.bannerID ?? "", $0.username) < ($1.bannerID ?? "", $1.username) } }
        self.studentSections = studentSections
        var teaching: [String: [Section]] = [:]
        for section in sections {
            for username in section.instructors.compactMap(\.username) { teaching[username, default: []].append(section) }
        }
        self.teaching = teaching
        students = snapshot.people.values.filter { $0.affiliation == .student }.sorted { $0.username < $1.username }
    }

    /// Sections meeting in `room`.
    func sections(in room: String) -> [Section] {
        sections.filter { $0.schedule.meetings.contains { $0.room == room } }
    }

    /// Sections of `subject`.
    func sections(of subject: String) -> [Section] {
        sections.filter { $0.id.subject == subject }
    }
}
