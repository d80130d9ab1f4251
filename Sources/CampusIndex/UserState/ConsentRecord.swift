import CampusCore
import Foundation
internal import GRDB

/// A row of `consents`: one person's consent to show their schedule, kept after it is revoked.
struct ConsentRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "consents"

    var id: String
    var grantor: String
    /// `person`, `group` or `section`.
    var audienceKind: String
    /// The username, the group's name, or the section's id.
    var audience: String
    /// A group's owner.
    var audienceOwner: String?
    /// A section's term.
    var audienceTerm: String?
    var term: String?
    var purpose: String
    var givenAt: Date
    var revokedAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, grantor, audience, term, purpose
        case audienceKind = "audience_kind"
        case audienceOwner = "audience_owner"
        case audienceTerm = "audience_term"
        case givenAt = "given_at"
        case revokedAt = "revoked_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let grantor = Column(CodingKeys.grantor)
        static let audienceKind = Column(CodingKeys.audienceKind)
        static let audience = Column(CodingKeys.audience)
        static let audienceOwner = Column(CodingKeys.audienceOwner)
        static let givenAt = Column(CodingKeys.givenAt)
        static let revokedAt = Column(CodingKeys.revokedAt)
    }

    init(_ consent: Consent) {
        id = consent.id
        grantor = consent.grantor
        (audienceKind, audience, audienceOwner, audienceTerm) = StoredForm.columns(of: consent.audience)
        term = consent.term?.rawValue
        purpose = consent.purpose
        givenAt = consent.givenAt
        revokedAt = consent.revokedAt
    }

    /// The consent; `nil` for a row this version cannot read (a kind it does not know).
    var consent: Consent? {
        guard let read = StoredForm.audience(kind: audienceKind, name: audience, owner: audienceOwner, term: audienceTerm) else {
            return nil
        }
        return Consent(id: id, grantor: grantor, audience: read, term: term.flatMap { TermCode($0) }, purpose: purpose,
                       givenAt: givenAt, revokedAt: revokedAt)
    }
}

/// A row of `consent_requests`: one person asking another to share.
struct ConsentRequestRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "consent_requests"

    var id: String
    var sender: String
    var recipient: String
    var purpose: String
    var sentAt: Date
    var answer: String
    var answeredAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, sender, recipient, purpose, answer
        case sentAt = "sent_at"
        case answeredAt = "answered_at"
    }

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let sender = Column(CodingKeys.sender)
        static let recipient = Column(CodingKeys.recipient)
        static let sentAt = Column(CodingKeys.sentAt)
        static let answer = Column(CodingKeys.answer)
    }

    init(_ request: ConsentRequest) {
        id = request.id
        sender = request.sender
        recipient = request.recipient
        purpose = request.purpose
        sentAt = request.sentAt
        answer = request.answer.rawValue
        answeredAt = request.answeredAt
    }

    var request: ConsentRequest {
        ConsentRequest(id: id, sender: sender, recipient: recipient, purpose: purpose, sentAt: sentAt,
                       answer: ConsentRequest.Answer(rawValue: answer) ?? .pending, answeredAt: answeredAt)
    }
}
