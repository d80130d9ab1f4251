import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func addConsent(_ consent: Consent, limit: Int?) async throws(UserStateError) -> ConsentAdding {
        try await writeImmediately("keep a consent of \(consent.grantor)") { db in try Self.add(consent, limit: limit, db) }
    }

    /// Keeps `consent` unless the same one holds (that one) or its grantor holds `limit`.
    private static func add(_ consent: Consent, limit: Int?, _ db: Database) throws -> ConsentAdding {
        let holding = try ConsentRecord
            .filter(ConsentRecord.Columns.grantor == consent.grantor && ConsentRecord.Columns.revokedAt == nil)
            .fetchAll(db).compactMap(\.consent)
        if let same = holding.first(where: { $0.audience == consent.audience && $0.term == consent.term }) { return .holdsAlready(same) }
        if let limit, holding.count >= limit { return .tooMany }
        try ConsentRecord(consent).insert(db)
        return .added
    }

    public func consents(grantor: String, includingRevoked: Bool) async throws(UserStateError) -> [Consent] {
        try await read("list the consents of \(grantor)") { db in
            var request = ConsentRecord.filter(ConsentRecord.Columns.grantor == grantor.lowercased())
            if !includingRevoked { request = request.filter(ConsentRecord.Columns.revokedAt == nil) }
            return try request.order(ConsentRecord.Columns.givenAt, ConsentRecord.Columns.id).fetchAll(db).compactMap(\.consent)
        }
    }

    public func revokeConsent(id: String, grantor: String, at now: Date) async throws(UserStateError) -> ConsentRevoking {
        try await writeImmediately("revoke a consent of \(grantor)") { db in
            guard var record = try ConsentRecord
                .filter(ConsentRecord.Columns.id == id && ConsentRecord.Columns.grantor == grantor.lowercased())
                .fetchOne(db)
            else { return .none }
            guard record.revokedAt == nil else { return .revokedAlready }
            record.revokedAt = now
            try record.update(db)
            return .revoked
        }
    }

    public func consents(
        reaching viewer: String, attending sections: [(section: SectionID, term: TermCode)], from grantors: [String]?
    ) async throws(UserStateError) -> [Consent] {
        let viewer = viewer.lowercased()
        let keys = SQLList.json(sections.map { $0.term.rawValue + " " + $0.section.rawValue })
        let grantors = grantors.map { SQLList.json(Set($0.map { $0.lowercased() }).sorted()) }
        return try await read("look up the consents given to \(viewer)") { db in
            // Looked up for every schedule and card shown: prepared once a connection.
            try SQLRequest<ConsentRecord>(
                sql: Self.reachingSQL, arguments: ["viewer": viewer, "sections": keys, "grantors": grantors], cached: true
            ).fetchAll(db).compactMap(\.consent)
        }
    }

    public func groupsShared(with viewer: String) async throws(UserStateError) -> [Consent] {
        let viewer = viewer.lowercased()
        return try await read("list the groups shared with \(viewer)") { db in
            try SQLRequest<ConsentRecord>(sql: Self.groupsSharedSQL, arguments: ["viewer": viewer], cached: true).fetchAll(db).compactMap(\.consent)
        }
    }

    /// The consents holding (of `:grantors`, a JSON list, or of anyone when `NULL`) that reach
    /// `:viewer`: to them by name; to a group they own or are in now (a group of someone else's
    /// only while its owner shares it and the grantor is still in it); to a section they attend
    /// (`:sections`, a JSON list of `TERM SECTION`).
    private static let reachingSQL = """
        SELECT * FROM consents
        WHERE revoked_at IS NULL AND grantor <> :viewer
          AND (:grantors IS NULL OR grantor IN (SELECT value FROM json_each(:grantors)))
          AND ((audience_kind = 'person' AND audience = :viewer)
               OR (audience_kind = 'group'
                   AND (audience_owner = :viewer OR EXISTS (
                          SELECT 1 FROM favorites AS f
                          WHERE f.owner = consents.audience_owner AND f.group_name = consents.audience AND f.username = :viewer))
                   AND (audience_owner = grantor OR (
                          EXISTS (SELECT 1 FROM favorites AS g
                                  WHERE g.owner = consents.audience_owner AND g.group_name = consents.audience AND g.username = consents.grantor)
                          AND EXISTS (SELECT 1 FROM consents AS shared
                                      WHERE shared.grantor = consents.audience_owner AND shared.audience_kind = 'group'
                                        AND shared.audience_owner = consents.audience_owner AND shared.audience = consents.audience
                                        AND shared.revoked_at IS NULL))))
               OR (audience_kind = 'section' AND audience_term || ' ' || audience IN (SELECT value FROM json_each(:sections))))
        ORDER BY given_at, id
        """

    /// Groups whose owners share them with their members (their own consent to the group), of
    /// which `:viewer` is a member now.
    private static let groupsSharedSQL = """
        SELECT * FROM consents
        WHERE revoked_at IS NULL AND audience_kind = 'group' AND audience_owner = grantor AND grantor <> :viewer
          AND EXISTS (SELECT 1 FROM favorites AS f
                      WHERE f.owner = consents.grantor AND f.group_name = consents.audience AND f.username = :viewer)
        ORDER BY given_at, id
        """

    // MARK: Requests

    public func sendRequest(_ request: ConsentRequest, perDay: Int?) async throws(UserStateError) -> RequestSending {
        try await writeImmediately("keep a request of \(request.sender)") { db in
            let fromSender = ConsentRequestRecord.filter(ConsentRequestRecord.Columns.sender == request.sender)
            // One declined counts as one waiting: its sender is not told the difference.
            let unanswered = [ConsentRequest.Answer.pending.rawValue, ConsentRequest.Answer.declined.rawValue]
            let asked = try fromSender
                .filter(ConsentRequestRecord.Columns.recipient == request.recipient && unanswered.contains(ConsentRequestRecord.Columns.answer))
                .fetchCount(db)
            guard asked == 0 else { return .askedAlready }
            if let perDay {
                let sent = try fromSender.filter(ConsentRequestRecord.Columns.sentAt > request.sentAt.addingTimeInterval(-86_400))
                    .order(ConsentRequestRecord.Columns.sentAt).select(ConsentRequestRecord.Columns.sentAt, as: Date.self).fetchAll(db)
                guard sent.count < perDay else { return .tooMany(until: RequestSending.nextSlot(sent, perDay: perDay)) }
            }
            try ConsentRequestRecord(request).insert(db)
            return .sent
        }
    }

    public func requests(involving username: String) async throws(UserStateError) -> [ConsentRequest] {
        let username = username.lowercased()
        return try await read("list the requests of \(username)") { db in
            try ConsentRequestRecord
                .filter(ConsentRequestRecord.Columns.sender == username || ConsentRequestRecord.Columns.recipient == username)
                .order(ConsentRequestRecord.Columns.sentAt.desc, ConsentRequestRecord.Columns.id)
                .fetchAll(db).map(\.request)
        }
    }

    public func answerRequest(
        id: String, recipient: String, answer: ConsentRequest.Answer, at now: Date, limit: Int?,
        consent: @escaping @Sendable (ConsentRequest) -> Consent
    ) async throws(UserStateError) -> RequestAnswering {
        try await writeImmediately("answer a request to \(recipient)") { db in
            guard var record = try ConsentRequestRecord
                .filter(ConsentRequestRecord.Columns.id == id && ConsentRequestRecord.Columns.recipient == recipient.lowercased())
                .fetchOne(db)
            else { return .none }
            guard record.answer == ConsentRequest.Answer.pending.rawValue else { return .answeredAlready }
            var given: Consent?
            if answer == .accepted {
                let made = consent(record.request)
                switch try Self.add(made, limit: limit, db) {
                case .added: given = made
                case .holdsAlready(let same): given = same
                case .tooMany: return .tooMany
                }
            }
            record.answer = answer.rawValue
            record.answeredAt = now
            try record.update(db)
            return .answered(given)
        }
    }
}
