/// What replacing a term changed: counts before and after the swap.
public struct TermSwapReport: Hashable, Codable, Sendable {
    /// The term replaced.
    public var term: TermCode
    /// Sections held before the swap.
    public var sectionsBefore: Int
    /// Sections held after the swap.
    public var sectionsAfter: Int
    /// Distinct people enrolled in or teaching a section of the term before the swap.
    public var peopleBefore: Int
    /// Distinct people enrolled in or teaching a section after the swap.
    public var peopleAfter: Int
    /// Enrollments held before the swap.
    public var enrollmentsBefore: Int
    /// Enrollments held after the swap.
    public var enrollmentsAfter: Int
    /// Sections in the new snapshot that the index did not hold.
    public var sectionsAdded: Int
    /// Sections the index held that the new snapshot lacks.
    public var sectionsRemoved: Int
    /// Enrollments in the new snapshot that the index did not hold.
    public var enrollmentsAdded: Int
    /// Enrollments the index held that the new snapshot lacks.
    public var enrollmentsRemoved: Int

    /// Creates a report.
    public init(
        term: TermCode, sectionsBefore: Int, sectionsAfter: Int, peopleBefore: Int, peopleAfter: Int,
        enrollmentsBefore: Int, enrollmentsAfter: Int, sectionsAdded: Int, sectionsRemoved: Int,
        enrollmentsAdded: Int, enrollmentsRemoved: Int
    ) {
        self.term = term
        self.sectionsBefore = sectionsBefore
        self.sectionsAfter = sectionsAfter
        self.peopleBefore = peopleBefore
        self.peopleAfter = peopleAfter
        self.enrollmentsBefore = enrollmentsBefore
        self.enrollmentsAfter = enrollmentsAfter
        self.sectionsAdded = sectionsAdded
        self.sectionsRemoved = sectionsRemoved
        self.enrollmentsAdded = enrollmentsAdded
        self.enrollmentsRemoved = enrollmentsRemoved
    }
}
