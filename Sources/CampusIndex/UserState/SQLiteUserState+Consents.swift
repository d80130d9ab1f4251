import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func addConsent(_ consent: Consent, limit: Int?) async throws(UserStateError) -> Bool {
        try await writeImmediately("keep a consent of \(consent.grantor)") { db in
            if let limit {
                let held = try ConsentRecord
                    .filter(ConsentRecord.Columns.grantor == consent.grantor && ConsentRecord.Columns.revokedAt == nil)
                    .fetchCount(db)
                guard held < limit else { return false }
            }
            try ConsentRecord(consent).insert(db)
            return true
        }
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

    public func consents(reaching viewer: String, from grantors: [String]) async throws(UserStateError) -> [Consent] {
        guard !grantors.isEmpty else { return [] }
        let viewer = viewer.lowercased()
        let grantors = Set(grantors.map { $0.lowercased() })
        return try await read("look up the consents given to \(viewer)") { db in
            try ConsentRecord.fetchAll(db, sql: Self.reachingSQL, arguments: [
                "viewer": viewer, "grantors": SQLList.json(grantors.sorted()),
            ]).compactMap(\.consent)
        }
    }

    public func consents(sharedWith viewer: String, attending sections: [(section: SectionID, term: TermCode)]) async throws(UserStateError) -> [Consent] {
        let viewer = viewer.lowercased()
        let keys = SQLList.json(sections.map { $0.term.rawValue + " " + $0.section.rawValue })
        return try await read("list the consents shown to \(viewer)") { db in
            try ConsentRecord.fetchAll(db, sql: Self.sharedWithSQL, arguments: ["viewer": viewer, "sections": keys]).compactMap(\.consent)
        }
    }

    /// The consents holding that reach `:viewer`, `:sections` listing the sections they attend
    /// as `TERM SECTION` (a JSON list).
    private static let sharedWithSQL = """
        SELECT * FROM consents
        WHERE revoked_at IS NULL AND grantor <> :viewer
          AND ((audience_kind = 'person' AND audience = :viewer)
               OR (audience_kind = 'group' AND (audience_owner = :viewer OR EXISTS (
                     SELECT 1 FROM favorites AS f
                     WHERE f.owner = consents.audience_owner AND f.group_name = consents.audience AND f.username = :viewer)))
               OR (audience_kind = 'section' AND audience_term || ' ' || audience IN (SELECT value FROM json_each(:sections))))
        ORDER BY given_at, id
        """

    public func groupsShared(with viewer: String) async throws(UserStateError) -> [Consent] {
        let viewer = viewer.lowercased()
        return try await read("list the groups shared with \(viewer)") { db in
            try ConsentRecord.fetchAll(db, sql: Self.groupsSharedSQL, arguments: ["viewer": viewer]).compactMap(\.consent)
        }
    }

    /// The consents holding of `:grantors` (a JSON list) that may reach `:viewer`: to them by
    /// name, to a group they own or are in (as it is now), to any section (the index judges
    /// who attends it).
    private static let reachingSQL = """
        SELECT * FROM consents
        WHERE revoked_at IS NULL AND grantor IN (SELECT value FROM json_each(:grantors))
          AND ((audience_kind = 'person' AND audience = :viewer)
               OR (audience_kind = 'group' AND (audience_owner = :viewer OR EXISTS (
                     SELECT 1 FROM favorites AS f
                     WHERE f.owner = consents.audience_owner AND f.group_name = consents.audience AND f.username = :viewer)))
               OR audience_kind = 'section')
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
            let pending = try fromSender
                .filter(ConsentRequestRecord.Columns.recipient == request.recipient && ConsentRequestRecord.Columns.answer == ConsentRequest.Answer.pending.rawValue)
                .fetchCount(db)
            guard pending == 0 else { return .pendingAlready }
            if let perDay {
                let sent = try fromSender.filter(ConsentRequestRecord.Columns.sentAt > request.sentAt.addingTimeInterval(-86_400)).fetchCount(db)
                guard sent < perDay else { return .tooMany }
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
        id: String, recipient: String, answer: ConsentRequest.Answer, at now: Date, consent: @escaping @Sendable (ConsentRequest) -> Consent?
    ) async throws(UserStateError) -> RequestAnswering {
        try await writeImmediately("answer a request to \(recipient)") { db in
            guard var record = try ConsentRequestRecord
                .filter(ConsentRequestRecord.Columns.id == id && ConsentRequestRecord.Columns.recipient == recipient.lowercased())
                .fetchOne(db)
            else { return .none }
            guard record.answer == ConsentRequest.Answer.pending.rawValue else { return .answeredAlready }
            record.answer = answer.rawValue
            record.answeredAt = now
            try record.update(db)
            guard answer == .accepted, let given = consent(record.request) else { return .answered(nil) }
            try ConsentRecord(given).insert(db)
            return .answered(given)
        }
    }
}
