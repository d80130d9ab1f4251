import CampusCore
internal import GRDB

extension IndexReader {
    /// Every indexed term with its counts, newest first.
    public func terms() throws -> [TermSummary] {
        try rows("SELECT \(TermRecord.selection) FROM terms", [], TermRecord.init(row:)).compactMap { record -> TermSummary? in
            guard let code = TermCode(record.code) else { return nil }
            return TermSummary(
                term: Term(code: code, name: record.name), sectionCount: record.sectionCount,
                peopleCount: record.peopleCount, crawledAt: record.crawledAt)
        }
        .sorted { $0.term.code > $1.term.code }
    }

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
