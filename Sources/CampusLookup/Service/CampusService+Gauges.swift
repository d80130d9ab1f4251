import CampusCore
import Foundation

/// What `/metrics` tells of the index: counts, never a record.
public struct IndexGauges: Sendable {
    /// The index file's size in bytes.
    public var bytes: Int
    /// Sections and people of each indexed term that has any.
    public var terms: [(term: TermCode, sections: Int, people: Int)]
    /// The index's generation (raised by every write); `nil` when it cannot be read.
    public var generation: Int64?
}

extension CampusService {
    /// The index's gauges, read now; what cannot be read is left out.
    public func indexGauges() -> IndexGauges {
        let size = ((try? FileManager.default.attributesOfItem(atPath: campus.indexURL.path)[.size]) as? Int) ?? 0
        let listings = (try? campus.termListings()) ?? []
        let terms = listings.compactMap { listing in
            listing.summary.map { (term: listing.term.code, sections: $0.sectionCount, people: $0.peopleCount) }
        }
        return IndexGauges(bytes: size, terms: terms, generation: try? indexVersion().generation)
    }

    /// The schedule `answer` (as the policy showed it) as an iCalendar file: each section's
    /// meetings over its term's dates, its holidays left out, and its final exam.
    public func iCalendar(of answer: ScheduleAnswer, now: Date) throws(CampusError) -> String {
        try campus.iCalendar(of: answer, now: now)
    }
}
