import CampusCore
import GRDB

extension IndexReader {
    /// Every indexed term with its counts, newest first.
    public func terms() throws -> [TermSummary] {
        try TermRecord.fetchAll(statement("SELECT * FROM terms")).compactMap { record -> TermSummary? in
            guard let code = TermCode(record.code) else { return nil }
            return TermSummary(
                term: Term(code: code, name: record.name), sectionCount: record.sectionCount,
                peopleCount: record.peopleCount, crawledAt: record.crawledAt)
        }
        .sorted { $0.term.code > $1.term.code }
    }

    /// The terms the registrar offered at the last `sync registrar`, newest first;
    /// empty when the index was only ever filled by imports.
    public func offeredTerms() throws -> [Term] {
        try Row.fetchAll(statement("SELECT code, name FROM offered_terms")).compactMap { row -> Term? in
            TermCode(row["code"] as String).map { Term(code: $0, name: row["name"]) }
        }
        .sorted { $0.code > $1.code }
    }
}
