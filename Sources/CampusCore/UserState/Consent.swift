#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A person's consent to show their schedule to others (34 CFR 99.30: signed and dated,
/// naming the records, the purpose and to whom). Kept after it is revoked, with the date.
///
/// It names only schedules (of one term, or of every term until revoked): never rosters,
/// Banner IDs or contact fields the policy withholds.
public struct Consent: Hashable, Sendable {
    /// To whom a consent shows the schedule.
    public enum Audience: Hashable, Sendable {
        /// One person, by lower-cased username.
        case person(String)
        /// The owner of a favorites group and its members, as they are at each look-up.
        case group(owner: String, name: String)
        /// The students enrolled in a section (of its term), as they are at each look-up.
        case section(SectionID, term: TermCode)
    }

    /// A short public id to list and revoke it by.
    public var id: String
    /// Whose schedule it shows, lower-cased.
    public var grantor: String
    public var audience: Audience
    /// The term whose schedule it shows; `nil`: every term, until revoked.
    public var term: TermCode?
    /// What for, in the grantor's words.
    public var purpose: String
    public var givenAt: Date
    /// When it was revoked; `nil` while it holds.
    public var revokedAt: Date?

    /// The purpose a consent names unless its person writes another.
    public static let defaultPurpose = "see when I am free"
    /// The longest purpose kept, in characters.
    public static let purposeLength = 200

    public init(
        id: String, grantor: String, audience: Audience, term: TermCode?, purpose: String, givenAt: Date, revokedAt: Date? = nil
    ) {
        self.id = id
        self.grantor = grantor.lowercased()
        self.audience = audience
        self.term = term
        self.purpose = purpose
        self.givenAt = givenAt
        self.revokedAt = revokedAt
    }

    /// Whether it holds (it was not revoked).
    public var holds: Bool { revokedAt == nil }

    /// Whether it shows the schedule of `term` (of any term when `nil`).
    public func covers(term asked: TermCode?) -> Bool {
        guard let term, let asked else { return true }
        return term == asked
    }
}

extension Consent.Audience {
    /// The audience as `POST /v1/me/sharing` names it: `quinna`, `@study` (one's own group),
    /// `@alice/study` (a group someone shares with its members), `section:CSSE120-01`.
    public func written(grantor: String) -> String {
        switch self {
        case .person(let username): username
        case .group(let owner, let name): owner == grantor ? "@" + name : "@\(owner)/\(name)"
        case .section(let section, _): "section:" + section.rawValue
        }
    }
}

/// What revoking a consent did.
public enum ConsentRevoking: Sendable, Equatable {
    /// Revoked now.
    case revoked
    /// Revoked before: nothing changed.
    case revokedAlready
    /// The person gave no consent by that id.
    case none
}

/// What keeping a consent did.
public enum ConsentAdding: Sendable, Equatable {
    case added
    /// The same consent (audience and term) holds already: this one.
    case holdsAlready(Consent)
    /// Its grantor holds as many consents as they may.
    case tooMany
}
