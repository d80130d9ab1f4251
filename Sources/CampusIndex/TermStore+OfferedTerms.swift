import CampusCore
import Foundation
internal import GRDB

extension TermStore {
    /// Replaces the registrar's offered terms with those its term list page shows now.
    ///
    /// - Parameters:
    ///   - terms: every term the page offers.
    ///   - now: when the page was read.
    public func recordOffered(_ terms: [Term], now: Date) throws(IndexError) {
        try database.write("record the registrar's offered terms") { db in
            try db.execute(sql: "DELETE FROM offered_terms")
            let insert = try db.cachedStatement(sql: "INSERT OR REPLACE INTO offered_terms (code, name, seen_at) VALUES (?, ?, ?)")
            for term in terms { try insert.execute(arguments: [term.code.rawValue, term.name, now]) }
        }
    }
}
