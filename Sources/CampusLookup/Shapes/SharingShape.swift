import CampusCore

/// One consent to share a schedule:
/// `{"id": "k2P…", "from": "quinna", "with": "@study", "kind": "group", "sectionTerm": null, "term": null,
/// "purpose": "see when I am free", "givenAt": "2026-11-27T10:00:00Z"}`.
public struct ConsentShape: Encodable, Sendable {
    /// Names it for `DELETE /v1/me/sharing/{id}`.
    public var id: String
    /// Whose schedule it shows.
    public var from: String
    /// To whom, as `POST /v1/me/sharing` names them: `valer`, `@study`, `@alice/study`, `section:CSSE120-01`.
    public var with: String
    /// `person`, `group` or `section`.
    public var kind: String
    /// A section's term.
    @Nullable public var sectionTerm: String?
    /// The term whose schedule it shows; `null`: every term, until revoked.
    @Nullable public var term: String?
    public var purpose: String
    public var givenAt: String

    public init(_ consent: Consent) {
        id = consent.id
        from = consent.grantor
        with = consent.audience.written(grantor: consent.grantor)
        switch consent.audience {
        case .person: kind = "person"
        case .group: kind = "group"
        case .section(_, let term):
            kind = "section"
            sectionTerm = term.rawValue
        }
        term = consent.term?.rawValue
        purpose = VisibleText.escaped(consent.purpose)
        givenAt = Timestamp.text(consent.givenAt)
    }
}

/// `GET /v1/me/sharing`: `{"given": [...], "received": [...]}`: what I share with whom, and who
/// shares with me.
public struct SharingShape: Encodable, Sendable {
    public var given: [ConsentShape]
    public var received: [ConsentShape]

    public init(_ answer: SharingAnswer) {
        given = answer.given.map(ConsentShape.init)
        received = answer.received.map(ConsentShape.init)
    }
}

/// One request to share: `{"id": "r7Q…", "from": "valer", "to": "quinna", "purpose": "see when I am free",
/// "sentAt": "...", "answer": "pending", "answeredAt": null}`.
public struct ConsentRequestShape: Encodable, Sendable {
    /// Names it for `POST /v1/me/requests/{id}/accept` and `/decline`.
    public var id: String
    public var from: String
    public var to: String
    public var purpose: String
    public var sentAt: String
    /// `pending`, `accepted` or `declined` (a sender sees a declined request as pending).
    public var answer: String
    @Nullable public var answeredAt: String?

    public init(_ request: ConsentRequest) {
        id = request.id
        from = request.sender
        to = request.recipient
        purpose = VisibleText.escaped(request.purpose)
        sentAt = Timestamp.text(request.sentAt)
        answer = request.answer.rawValue
        answeredAt = request.answeredAt.map(Timestamp.text)
    }
}

/// `GET /v1/me/requests`: `{"incoming": [...], "outgoing": [...]}`, the newest first.
public struct RequestsShape: Encodable, Sendable {
    /// Requests to me waiting for an answer.
    public var incoming: [ConsentRequestShape]
    /// Mine.
    public var outgoing: [ConsentRequestShape]

    public init(_ answer: RequestsAnswer) {
        incoming = answer.incoming.map(ConsentRequestShape.init)
        outgoing = answer.outgoing.map(ConsentRequestShape.init)
    }
}
