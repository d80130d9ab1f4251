import CampusCore
internal import GRDB

extension IndexReader {
    /// Every indexed term with its counts, newest first; the people count leaves out
    /// people the directory suppresses from this read.
    public func terms() throws -> [TermSummary] {
        try rows(Self.termsSQL) { row in (record: try TermRecord(row: row), hidden: row.int(TermRecord.columnCount) ?? 0) }
            .compactMap { found -> TermSummary? in
                guard let code = TermCode(found.record.code) else { return nil }
                return TermSummary(
                    term: Term(code: code, name: found.record.name), sectionCount: found.record.sectionCount,
                    peopleCount: max(0, found.record.peopleCount - found.hidden), crawledAt: found.record.crawledAt)
            }
            .sorted { $0.term.code > $1.term.code }
    }

    private static let termsSQL = """
        SELECT \(TermRecord.selection),
            (SELECT COUNT(*) FROM directory_people AS hidden
             WHERE NOT \(entryShown("hidden"))
             AND (EXISTS (SELECT 1 FROM enrollments WHERE enrollments.term = terms.code AND enrollments.username = hidden.username)
                  OR EXISTS (SELECT 1 FROM section_instructors
                             WHERE section_instructors.term = terms.code AND section_instructors.username = hidden.username)))
        FROM terms
        """

    /// The indexed terms, newest first, without their counts: what deciding a lookup's term needs.
    public func heldTerms() throws -> [Term] {
        try rows("SELECT code, name FROM terms") { row in TermCode(row.string(0)).map { Term(code: $0, name: row.string(1)) } }
            .compactMap(\.self)
        .sorted { $0.code > $1.code }
    }

    /// The terms the registrar offered at the last `sync registrar`, newest first;
    /// empty when the index was only ever filled by imports.
    public func offeredTerms() throws -> [Term] {
        try rows("SELECT code, name FROM offered_terms") { row in TermCode(row.string(0)).map { Term(code: $0, name: row.string(1)) } }
            .compactMap(\.self)
        .sorted { $0.code > $1.code }
    }
}
