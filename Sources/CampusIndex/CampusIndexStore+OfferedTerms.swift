import CampusCore
import Foundation
import GRDB

extension CampusIndexStore {
    /// Replaces the registrar's offered terms with those its term list page shows now.
    ///
    /// - Parameters:
    ///   - terms: every term the page offers.
    ///   - now: when the page was read.
    public func recordOfferedTerms(_ terms: [Term], now: Date) throws(IndexError) {
        try write("record the registrar's offered terms") { db in
            try db.execute(sql: "DELETE FROM offered_terms")
            let insert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO offered_terms (code, name, seen_at) VALUES (?, ?, ?)")
            for term in terms { try insert.execute(arguments: [term.code.rawValue, term.name, now]) }
        }
    }

    /// The terms the registrar offered at the last `sync registrar`, newest first;
    /// empty when the index was only ever filled by imports.
    public func offeredTerms() throws(IndexError) -> [Term] {
        try read("list the registrar's offered terms") { db in
            try Row.fetchAll(db, sql: "SELECT code, name FROM offered_terms").compactMap { row -> Term? in
                TermCode(row["code"] as String).map { Term(code: $0, name: row["name"]) }
            }
            .sorted { $0.code > $1.code }
        }
    }
}
