#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One indexed term at a glance, as `campus terms` lists it.
public struct TermSummary: Hashable, Codable, Sendable {
    /// The term: code and name.
    public var term: Term
    /// How many sections the index holds for the term.
    public var sectionCount: Int
    /// How many distinct people are enrolled in or teach a section of the term.
    public var peopleCount: Int
    /// When the term was last written by a crawl or an import.
    public var crawledAt: Date

    /// Creates a summary.
    public init(term: Term, sectionCount: Int, peopleCount: Int, crawledAt: Date) {
        self.term = term
        self.sectionCount = sectionCount
        self.peopleCount = peopleCount
        self.crawledAt = crawledAt
    }
}
