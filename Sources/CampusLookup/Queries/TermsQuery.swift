internal import CampusIndex
import CampusCore
import Foundation

/// One line of `campus terms`: a term the index holds, the registrar offers, or both.
public struct TermListing: Sendable {
    public var term: Term
    /// The index's counts; `nil` when the term is offered but not indexed.
    public var summary: TermSummary?
    /// Whether the registrar's term list page offered it at the last `sync registrar`.
    public var offered: Bool
}

extension CampusContext {
    /// The terms the index holds, newest first, without their counts (a term picker's).
    func heldTerms() throws(CampusError) -> [Term] {
        try read { reader in try reader.heldTerms() }
    }

    /// `campus terms`: the terms the index holds and those the registrar offered
    /// at the last `sync registrar`, newest first.
    func termListings() throws(CampusError) -> [TermListing] {
        try read { reader in
            let offered = try reader.offeredTerms()
            let offeredCodes = Set(offered.map(\.code))
            var listings = try reader.terms().map {
                TermListing(term: $0.term, summary: $0, offered: offeredCodes.contains($0.term.code))
            }
            let indexed = Set(listings.map(\.term.code))
            listings += offered.filter { !indexed.contains($0.code) }.map { TermListing(term: $0, summary: nil, offered: true) }
            return listings.sorted { $0.term.code > $1.term.code }
        }
    }
}
