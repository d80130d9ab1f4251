import CampusCore
import CampusIndex
import Foundation
import PostgresNIO

extension PostgresUserState {
    public func addConsent(_ consent: Consent, limit: Int?) async throws(UserStateError) -> ConsentAdding {
        try await transaction("keep a consent of \(consent.grantor)", locking: [Self.consentsLock(consent.grantor)]) { db in
            try await Self.add(consent, limit: limit, db)
        }
    }

    /// The lock that one grantor's consents are added and counted under.
    static func consentsLock(_ grantor: String) -> String {
        "consents " + grantor.lowercased()
    }

    /// Keeps `consent` unless the same one holds (that one) or its grantor holds `limit`;
    /// the caller holds ``consentsLock(_:)`` of its grantor.
    private static func add(_ consent: Consent, limit: Int?, _ db: some PostgresStatements) async throws -> ConsentAdding {
        let holding = try await db.rows("""
            SELECT \(unescaped: consentColumns) FROM consents WHERE grantor = \(consent.grantor) AND revoked_at IS NULL
            """).compactMap(Self.consent)
        if let same = holding.first(where: { $0.audience == consent.audience && $0.term == consent.term }) { return .holdsAlready(same) }
        if let limit, holding.count >= limit { return .tooMany }
        let (kind, name, owner, term) = StoredForm.columns(of: consent.audience)
        try await db.execute("""
            INSERT INTO consents (\(unescaped: consentColumns))
            VALUES (\(consent.id), \(consent.grantor), \(kind), \(name), \(owner), \(term), \(consent.term?.rawValue), \(consent.purpose),
                    \(consent.givenAt.toMillisecond), \(consent.revokedAt?.toMillisecond))
            """)
        return .added
    }

    private static let consentColumns =
        "id, grantor, audience_kind, audience, audience_owner, audience_term, term, purpose, given_at, revoked_at"

    /// The consent of a row of ``consentColumns``; `nil` for an audience this version does not know.
    private static func consent(_ row: PostgresRow) throws -> Consent? {
        let (id, grantor, kind, name, owner, audienceTerm, term, purpose, givenAt, revokedAt) =
            try row.decode((String, String, String, String, String?, String?, String?, String, Date, Date?).self)
        guard let audience = StoredForm.audience(kind: kind, name: name, owner: owner, term: audienceTerm) else { return nil }
        return Consent(
            id: id, grantor: grantor, audience: audience, term: term.flatMap { TermCode($0) }, purpose: purpose,
            givenAt: givenAt.toMillisecond, revokedAt: revokedAt?.toMillisecond)
    }

    public func consents(grantor: String, includingRevoked: Bool) async throws(UserStateError) -> [Consent] {
        try await run("list the consents of \(grantor)") { db in
            try await db.rows("""
                SELECT \(unescaped: Self.consentColumns) FROM consents
                WHERE grantor = \(grantor.lowercased()) AND (\(includingRevoked) OR revoked_at IS NULL)
                ORDER BY given_at, id COLLATE "C"
                """).compactMap(Self.consent)
        }
    }

    public func revokeConsent(id: String, grantor: String, at now: Date) async throws(UserStateError) -> ConsentRevoking {
        try await transaction("revoke a consent of \(grantor)", locking: [Self.consentsLock(grantor)]) { db in
            guard let row = try await db.rows("""
                SELECT revoked_at FROM consents WHERE id = \(id) AND grantor = \(grantor.lowercased())
                """).first
            else { return .none }
            guard try row.decode(Date?.self) == nil else { return .revokedAlready }
            try await db.execute("UPDATE consents SET revoked_at = \(now.toMillisecond) WHERE id = \(id)")
            return .revoked
        }
    }

    public func consents(
        reaching viewer: String, attending sections: [(section: SectionID, term: TermCode)], from grantors: [String]?
    ) async throws(UserStateError) -> [Consent] {
        let viewer = viewer.lowercased()
        let keys = sections.map { $0.term.rawValue + " " + $0.section.rawValue }
        let grantors = grantors.map { Set($0.map { $0.lowercased() }).sorted() }
        return try await run("look up the consents given to \(viewer)") { db in
            // The consents holding (of `grantors`, or of anyone) that reach `viewer`: to them by
            // name; to a group they own or are in now (a group of someone else's only while its
            // owner shares it and the grantor is still in it); to a section they attend.
            try await db.rows("""
                SELECT \(unescaped: Self.consentColumns) FROM consents
                WHERE revoked_at IS NULL AND grantor <> \(viewer)
                  AND (\(grantors)::text[] IS NULL OR grantor = ANY(\(grantors)::text[]))
                  AND ((audience_kind = 'person' AND audience = \(viewer))
                       OR (audience_kind = 'group'
                           AND (audience_owner = \(viewer) OR EXISTS (
                                  SELECT 1 FROM favorites AS f
                                  WHERE f.owner = consents.audience_owner AND f.group_name = consents.audience AND f.username = \(viewer)))
                           AND (audience_owner = grantor OR (
                                  EXISTS (SELECT 1 FROM favorites AS g
                                          WHERE g.owner = consents.audience_owner AND g.group_name = consents.audience
                                            AND g.username = consents.grantor)
                                  AND EXISTS (SELECT 1 FROM consents AS shared
                                              WHERE shared.grantor = consents.audience_owner AND shared.audience_kind = 'group'
                                                AND shared.audience_owner = consents.audience_owner
                                                AND shared.audience = consents.audience AND shared.revoked_at IS NULL))))
                       OR (audience_kind = 'section' AND audience_term || ' ' || audience = ANY(\(keys)::text[])))
                ORDER BY given_at, id COLLATE "C"
                """).compactMap(Self.consent)
        }
    }

    public func groupsShared(with viewer: String) async throws(UserStateError) -> [Consent] {
        let viewer = viewer.lowercased()
        return try await run("list the groups shared with \(viewer)") { db in
            // Groups whose owners share them with their members (their own consent to the group),
            // of which `viewer` is a member now.
            try await db.rows("""
                SELECT \(unescaped: Self.consentColumns) FROM consents
                WHERE revoked_at IS NULL AND audience_kind = 'group' AND audience_owner = grantor AND grantor <> \(viewer)
                  AND EXISTS (SELECT 1 FROM favorites AS f
                              WHERE f.owner = consents.grantor AND f.group_name = consents.audience AND f.username = \(viewer))
                ORDER BY given_at, id COLLATE "C"
                """).compactMap(Self.consent)
        }
    }

    // MARK: Requests

    private static let requestColumns = "id, sender, recipient, purpose, sent_at, answer, answered_at"

    private static func request(_ row: PostgresRow) throws -> ConsentRequest {
        let (id, sender, recipient, purpose, sentAt, answer, answeredAt) =
            try row.decode((String, String, String, String, Date, String, Date?).self)
        return ConsentRequest(
            id: id, sender: sender, recipient: recipient, purpose: purpose, sentAt: sentAt.toMillisecond,
            answer: ConsentRequest.Answer(rawValue: answer) ?? .pending, answeredAt: answeredAt?.toMillisecond)
    }

    public func sendRequest(_ request: ConsentRequest, perDay: Int?) async throws(UserStateError) -> RequestSending {
        try await transaction("keep a request of \(request.sender)", locking: ["requests " + request.sender]) { db in
            // One declined counts as one waiting: its sender is not told the difference.
            let unanswered = [ConsentRequest.Answer.pending.rawValue, ConsentRequest.Answer.declined.rawValue]
            let asked = try await db.count("""
                SELECT count(*) FROM consent_requests
                WHERE sender = \(request.sender) AND recipient = \(request.recipient) AND answer = ANY(\(unanswered)::text[])
                """)
            guard asked == 0 else { return .askedAlready }
            if let perDay {
                let sent = try await db.rows("""
                    SELECT sent_at FROM consent_requests
                    WHERE sender = \(request.sender) AND sent_at > \(request.sentAt.addingTimeInterval(-86_400).toMillisecond)
                    ORDER BY sent_at
                    """).map { try $0.decode(Date.self).toMillisecond }
                guard sent.count < perDay else { return .tooMany(until: RequestSending.nextSlot(sent, perDay: perDay)) }
            }
            try await db.execute("""
                INSERT INTO consent_requests (\(unescaped: Self.requestColumns))
                VALUES (\(request.id), \(request.sender), \(request.recipient), \(request.purpose), \(request.sentAt.toMillisecond),
                        \(request.answer.rawValue), \(request.answeredAt?.toMillisecond))
                """)
            return .sent
        }
    }

    public func requests(involving username: String) async throws(UserStateError) -> [ConsentRequest] {
        let username = username.lowercased()
        return try await run("list the requests of \(username)") { db in
            try await db.rows("""
                SELECT \(unescaped: Self.requestColumns) FROM consent_requests
                WHERE sender = \(username) OR recipient = \(username)
                ORDER BY sent_at DESC, id COLLATE "C"
                """).map(Self.request)
        }
    }

    public func answerRequest(
        id: String, recipient: String, answer: ConsentRequest.Answer, at now: Date, limit: Int?,
        consent: @escaping @Sendable (ConsentRequest) -> Consent
    ) async throws(UserStateError) -> RequestAnswering {
        // The recipient grants the consent: their consents are counted under the same lock.
        try await transaction("answer a request to \(recipient)", locking: [Self.consentsLock(recipient)]) { db in
            guard let row = try await db.rows("""
                SELECT \(unescaped: Self.requestColumns) FROM consent_requests WHERE id = \(id) AND recipient = \(recipient.lowercased())
                FOR UPDATE
                """).first
            else { return .none }
            let request = try Self.request(row)
            guard request.answer == .pending else { return .answeredAlready }
            var given: Consent?
            if answer == .accepted {
                let made = consent(request)
                switch try await Self.add(made, limit: limit, db) {
                case .added: given = made
                case .holdsAlready(let same): given = same
                case .tooMany: return .tooMany
                }
            }
            try await db.execute("""
                UPDATE consent_requests SET answer = \(answer.rawValue), answered_at = \(now.toMillisecond) WHERE id = \(id)
                """)
            return .answered(given)
        }
    }
}
