/// One row of the registrar's enrollment extract: a student in a section of a term, the
/// section named by its CRN or its id as the extract gives it.
public struct ExtractEnrollment: Hashable, Codable, Sendable {
    public var term: TermCode
    /// `20433`, where the extract names sections by CRN.
    public var crn: String?
    /// `COMP1130-02`, where the extract names sections by id.
    public var section: SectionID?
    /// The student, as far as the extract describes them.
    public var student: RosterEntry
    /// The extract's line, for messages.
    public var line: Int

    public init(term: TermCode, crn: String?, section: SectionID?, student: RosterEntry, line: Int) {
        self.term = term
        self.crn = crn
        self.section = section
        self.student = student
        self.line = line
    }
}

extension TermSnapshot {
    /// Adds what an enrollment extract says of this term: each section it lists has exactly
    /// the students it lists (the extract is the registrar's whole list of who is in it now),
    /// and each student becomes a person of the term.
    ///
    /// - Parameter rosters: The students of each section, the extract's CRNs already turned into section ids.
    public mutating func addExtract(_ rosters: [SectionID: [RosterEntry]]) {
        for (section, students) in rosters.sorted(by: { $0.key < $1.key }) {
            setRoster(of: section, students)
            for student in students { add(student.person) }
        }
    }
}
