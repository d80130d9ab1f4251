import CampusCore
import GRDB

extension CampusIndexStore {
    /// Every indexed term with its counts, newest first.
    public func terms() throws(IndexError) -> [TermSummary] {
        try read("list terms") { db in
            try TermRecord.fetchAll(db).compactMap { record -> TermSummary? in
                guard let code = TermCode(record.code) else { return nil }
                return TermSummary(
                    term: Term(code: code, name: record.name), sectionCount: record.sectionCount,
                    peopleCount: record.peopleCount, crawledAt: record.crawledAt)
            }
            .sorted { $0.term.code > $1.term.code }
        }
    }

    /// The newest indexed term, the default for searches that name none.
    func newestTerm(_ db: Database) throws -> TermCode? {
        try String.fetchAll(db.cachedStatement(sql: "SELECT code FROM terms")).compactMap { TermCode($0) }.max()
    }
}
