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

    public init(viewer: String? = nil, subject: String? = nil, since: Date? = nil, until: Date? = nil) {
        self.viewer = viewer
        self.subject = subject
        self.since = since
        self.until = until
    }
}
