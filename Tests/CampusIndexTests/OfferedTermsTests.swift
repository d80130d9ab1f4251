import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("The registrar's offered terms")
struct OfferedTermsTests {
    @Test("each sync's term list replaces the last, newest first; a term swap leaves it alone")
    func replacesOffer() throws {
        let index = try TemporaryIndex()
        let store = index.store
        #expect(try store.offeredTerms().isEmpty)
        let summer = Term(code: TermCode("202640")!, name: "Summer 2025-2026")
        try store.terms.recordOffered([Fixtures.fall, Fixtures.spring, summer], now: Fixtures.crawledAt)
        try store.terms.recordOffered([Fixtures.spring, summer], now: Fixtures.crawledAt + 60)
        try store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        #expect(try store.offeredTerms() == [summer, Fixtures.spring])
    }
}
