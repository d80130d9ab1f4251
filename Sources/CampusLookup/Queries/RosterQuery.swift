internal import CampusIndex
import CampusCore
import Foundation

/// Who is in a section, or in every section of a course.
public struct RosterAnswer: Sendable {
    /// One student and the section they are in.
    public struct Student: Sendable {
        public var person: Person
        public var section: SectionID
        /// The directory's given name, when the person is merged with the directory.
        public var givenName: String?
        /// The directory's family name, when the person is merged with the directory.
        public var familyName: String?
        /// The row is of whoever held the username before its present holder, who is someone
        /// else: no link to the username's card, no place in an overlay of the roster.
        public var heldBefore = false
    }

    public var term: Term
    public var sections: [Section]
    public var students: [Student]
}

extension CampusContext {
    /// `campus roster SECTION-OR-COURSE`: `CSSE474-02` gives that section's students;
    /// `CSSE474` gives every section and the combined students. One read of the index.
    func roster(_ query: String, term: String?, now: Date) throws(CampusError) -> RosterAnswer {
        try read { reader in
            let term = try requireTerm(term, reader, now: now)
            return try roster(query, term: term, reader)
        }
    }

    func roster(_ query: String, term: Term, _ reader: IndexReader) throws -> RosterAnswer {
        let compact = query.filter { !$0.isWhitespace }.uppercased()
        func found(in term: TermCode) throws -> [Section] {
            if let id = SectionID(compact) { return try reader.section(id, term: term).map { [$0] } ?? [] }
            return try reader.sections(prefix: compact, term: term).filter { $0.id.course == compact }
        }
        let sections = try found(in: term.code)
        guard !sections.isEmpty else {
            throw try notFound(
                "section or course", query: query, in: term, reader,
                otherwise: .noMatch(what: "section or course in \(term.name)", query: query, suggestions: try reader.suggestions(for: compact, limit: 5))
            ) { try !found(in: $0).isEmpty }
        }
        var students: [RosterAnswer.Student] = []
        for section in sections {
            for student in try reader.roster(section.id, term: term.code) {
                students.append(.init(person: student.person, section: section.id, givenName: student.directory?.givenName,
                                      familyName: student.directory?.familyName, heldBefore: student.heldBefore))
            }
        }
        return RosterAnswer(term: term, sections: sections, students: students)
    }
}
