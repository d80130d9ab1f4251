import CampusCore
import GRDB

extension CampusIndexStore {
    /// Every indexed term with its counts, newest first.
    public func terms() throws(IndexError) -> [TermSummary] {
        try read("list terms") { db in
            try Row.fetchAll(db.cachedStatement(sql: Self.termsSQL)).compactMap { row -> TermSummary? in
                guard let code = TermCode(row["code"] as String) else { return nil }
                return TermSummary(
                    term: Term(code: code, name: row["name"]), sectionCount: row["section_count"],
                    peopleCount: row["people"], crawledAt: row["crawled_at"])
            }
            .sorted { $0.term.code > $1.term.code }
        }
    }

    /// The newest indexed term, the default for searches that name none.
    func newestTerm(_ db: Database) throws -> TermCode? {
        try String.fetchAll(db.cachedStatement(sql: "SELECT code FROM terms")).compactMap { TermCode($0) }.max()
    }

    private static let termsSQL = """
        SELECT terms.*, (
            SELECT COUNT(*) FROM (
                SELECT username FROM enrollments WHERE term = terms.code
                UNION
                SELECT username FROM section_instructors WHERE term = terms.code)
        ) AS people
        FROM terms
        """
}
