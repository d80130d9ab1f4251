#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which disclosures to list from the access record: every one by default.
public struct DisclosureQuery: Hashable, Sendable {
    /// Only those seen by this username.
    public var viewer: String?
    /// Only those of this person or section.
    public var subject: String?
    /// Only those at or after this moment.
    public var since: Date?
    /// Only those before this moment.
    public var until: Date?
    /// Only those of one person's records to others: their own, and the rosters of the sections
    /// they were enrolled in, in the terms they were (a student's own record of disclosures);
    /// what they saw themselves is left out.
    public var concerning: DisclosedStudent?

    public init(viewer: String? = nil, subject: String? = nil, since: Date? = nil, until: Date? = nil, concerning: DisclosedStudent? = nil) {
        self.viewer = viewer
        self.subject = subject
        self.since = since
        self.until = until
        self.concerning = concerning
    }
}

/// A person whose records a disclosure may concern: by username, and as a student of
/// each section (with its term) they were enrolled in, whose roster holds them.
public struct DisclosedStudent: Hashable, Sendable {
    public var username: String
    public var enrolledIn: [Enrollment]

    /// A section in a term.
    public struct Enrollment: Hashable, Sendable {
        public var section: String
        public var term: String

        public init(section: String, term: String) {
            self.section = section
            self.term = term
        }
    }

    public init(username: String, enrolledIn: [Enrollment]) {
        self.username = username
        self.enrolledIn = enrolledIn
    }
}
