import CampusCore
import Foundation
import Testing
@testable import CampusIndex
import GRDB

/// A disk that fills during a term swap: SQLite's `SQLITE_FULL`, forced by capping the
/// writer connection's `max_page_count` just above the file's size.
@Suite("A disk full during a swap")
struct DiskFullTests {
    @Test("a term swap that runs out of room fails and leaves the previous term whole and the file sound")
    func swapOnFullDisk() throws {
        let index = try TemporaryIndex()
        try index.store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let before = try index.store.sections(prefix: "CSSE", term: Fixtures.spring.code)
        try index.store.writer.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages + 2)")
        }
        var bigger = Fixtures.springSnapshot
        for number in 1...2_000 {
            let section = Section(id: Fixtures.id("CSSE\(100 + number % 800)-\(10 + number / 800)"),
                                  title: String(repeating: "A long title for a full disk ", count: 4))
            bigger.sections[section.id] = section
        }
        #expect(throws: (any Error).self) {
            try index.store.terms.replace(bigger, force: false, now: Fixtures.crawledAt)
        }
        #expect(try index.store.sections(prefix: "CSSE", term: Fixtures.spring.code) == before)
        let check = try index.store.writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(check == ["ok"])
    }
}
