#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One disclosure of an education record (a schedule, history or roster shown to
/// someone other than its subject), as the append-only access record keeps it.
public struct Disclosure: Hashable, Codable, Sendable {
    /// Which kind of record was shown.
    public enum Record: String, Hashable, Codable, Sendable, CaseIterable {
        case schedule, history, roster, feed
    }

    /// Its place in the record, assigned when written; `nil` before.
    public var sequence: Int64?
    public var at: Date
    /// Who saw it (lower-cased username).
    public var viewer: String
    public var record: Record
    /// Whose (a username) or which (a section id) record it was.
    public var subject: String
    /// The term it was of, when one.
    public var term: String?
    /// The rule that allowed it and through what: `ferpa-strict: schedule (advisor)`.
    public var rule: String

    public init(sequence: Int64? = nil, at: Date, viewer: String, record: Record, subject: String, term: String?, rule: String) {
        self.sequence = sequence
        self.at = at
        self.viewer = viewer
        self.record = record
        self.subject = subject
        self.term = term
        self.rule = rule
    }
}
