import CampusCore

/// How big a generated campus is and which terms it covers.
///
/// ```swift
/// let campus = CampusGenerator.generate(.demo)
/// let bench = CampusGenerator.generate(.benchmark(students: 10_000, sectionsPerTerm: 1_500, terms: 1))
/// ```
public struct CampusScale: Hashable, Sendable {
    /// The seed every random choice comes from.
    public var seed: UInt64
    /// How many students exist (not every one enrols every term).
    public var students: Int
    /// How many faculty teach and advise.
    public var faculty: Int
    /// Sections offered in a regular term; summer offers about a sixth.
    public var sectionsPerTerm: Int
    /// The terms, oldest first.
    public var terms: [Term]

    /// Creates a scale; counts below a workable minimum are raised to it.
    public init(seed: UInt64, students: Int, faculty: Int, sectionsPerTerm: Int, terms: [Term]) {
        self.seed = seed
        self.students = max(students, 10)
        self.faculty = max(faculty, DepartmentCatalog.all.count * 2)
        self.sectionsPerTerm = max(sectionsPerTerm, 12)
        self.terms = terms
    }

    /// The seed of the committed demo campus.
    public static let demoSeed: UInt64 = 2026

    /// The four terms of academic year 2025-2026: Fall, Winter, Spring, Summer.
    public static let academicYear2026: [Term] = ["202610", "202620", "202630", "202640"].map { code in
        let termCode = TermCode(code)!
        return Term(code: termCode, name: TermScheme.quarters.name(of: termCode)!)
    }

    /// The committed demo: about 400 students, 40 faculty, 135 sections a term, four terms.
    public static func demo(seed: UInt64 = demoSeed) -> CampusScale {
        CampusScale(seed: seed, students: 400, faculty: 40, sectionsPerTerm: 135, terms: academicYear2026)
    }

    /// The committed demo with the default seed.
    public static let demo = demo()

    /// A benchmark campus: `terms` terms counted back from Spring 2025-2026, one faculty member per three sections.
    public static func benchmark(students: Int, sectionsPerTerm: Int, terms: Int, seed: UInt64 = demoSeed) -> CampusScale {
        let count = min(max(terms, 1), academicYear2026.count)
        let chosen = Array(academicYear2026.prefix(3).suffix(min(count, 3)))
        let withSummer = count == 4 ? academicYear2026 : chosen
        return CampusScale(
            seed: seed, students: students, faculty: max(sectionsPerTerm / 3, 16),
            sectionsPerTerm: sectionsPerTerm, terms: withSummer)
    }

    /// Whether `term` is a summer term (small).
    func isSummer(_ term: Term) -> Bool { term.code.rawValue.hasSuffix("40") }
}
