import CampusCore

/// A whole generated campus: its people and, per term, what the registrar knows.
///
/// This is the truth the rendered pages are made from, so a crawl of those
/// pages can be compared with it.
public struct GeneratedCampus: Sendable {
    /// The size and seed it was generated with.
    public let scale: CampusScale
    /// Every faculty member, the busy demo instructor first.
    public let faculty: [Person]
    /// Every student, the demo student first.
    public let students: [Person]
    /// One snapshot per term, oldest first. People are every faculty member
    /// and the students enrolled that term; enrolled counts match the rosters.
    public let terms: [TermSnapshot]
    /// The fixed examples documentation can name.
    public let examples: DemoExamples

    /// The snapshot of `code`, if the campus has that term.
    public func snapshot(for code: TermCode) -> TermSnapshot? {
        terms.first { $0.term.code == code }
    }

    /// Anyone on campus by username.
    public func person(_ username: String) -> Person? {
        faculty.first { $0.username == username } ?? students.first { $0.username == username }
    }

    /// The subjects offered, in drop-down order.
    public var subjects: [String] { DepartmentCatalog.all.map(\.subject) }
}
