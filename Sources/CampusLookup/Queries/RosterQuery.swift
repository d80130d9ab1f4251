import CampusCore
import CampusIndex
import Foundation

/// Who is in a section, or in every section of a course.
public struct RosterAnswer: Sendable {
    /// One student and the section they are in.
    public struct Student: Sendable {
        public var person: Person
        public var section: SectionID
        /// The directory's given name, when the person is merged with the directory.
        public var givenName: String? = nil
        /// The directory's family name, when the person is merged with the directory.
        public var familyName: String? = nil
    }

    public var term: Term
    public var sections: [Section]
    public var students: [Student]
}

extension CampusContext {
    /// `campus roster SECTION-OR-COURSE`: `CSSE474-02` gives that section's students;
    /// `CSSE474` gives every section and the combined students.
    public func roster(_ query: String, term choice: TermChoice?, now: Date) throws -> RosterAnswer {
        let store = try openIndex()
        let term = try resolveTerm(choice, in: store, now: now)
        let compact = query.filter { !$0.isWhitespace }.uppercased()
        let sections: [Section]
        if let id = SectionID(compact) {
            sections = try store.section(id, term: term.code).map { [$0] } ?? []
        } else {
            sections = try store.sections(prefix: compact, term: term.code).filter { $0.id.course == compact }
        }
        guard !sections.isEmpty else {
            throw CampusError.noMatch(what: "section or course in \(term.name)", query: query,
                                      suggestions: try store.suggestions(for: compact, limit: 5))
        }
        var students: [RosterAnswer.Student] = []
        for section in sections {
            for person in try store.roster(section.id, term: term.code) {
                let directory = try store.directoryPerson(person.username)
                students.append(.init(person: person, section: section.id,
                                      givenName: directory?.givenName, familyName: directory?.familyName))
            }
        }
        return RosterAnswer(term: term, sections: sections, students: students)
    }
}
