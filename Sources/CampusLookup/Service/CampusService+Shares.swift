import CampusCore
import Foundation
internal import CampusIndex

/// A share as its owner sees it once, at creation: with the token of its link.
public struct NewShare: Sendable {
    public var share: Share
    /// The link's secret, given once and never kept.
    public var token: String
}

/// A calendar feed: the iCalendar text, and which state of the index it was made from.
public struct Feed: Sendable {
    public var ics: String
    public var generation: Int64
    public var changedAt: Date
}

extension CampusService {
    /// `POST /v1/me/shares`: shares the caller's own schedule, or the free time of one of
    /// their favorites groups (which the caller must be allowed to overlay), by a link
    /// holding a 256-bit token kept only as its SHA-256.
    public func createShare(_ content: Share.Content, as caller: Caller, now: Date) async throws(CampusError) -> NewShare {
        let owner = try requireMember(caller)
        if case .overlay(let group) = content {
            try Self.checkGroupName(group)
            _ = try await freeTimeAnswer(group: group, owner: caller, now: now)
        }
        let token = SessionToken.make()
        let share = Share(id: String(SessionToken.make().prefix(12)), tokenHash: SessionToken.hash(token), owner: owner,
                          content: content, createdAt: now)
        try await lookingUp { try await state.addShare(share) }
        return NewShare(share: share, token: token)
    }

    /// `GET /v1/me/shares`: the caller's shares, oldest first (never their tokens).
    public func shares(as caller: Caller) async throws(CampusError) -> [Share] {
        let owner = try requireMember(caller)
        return try await lookingUp { try await state.shares(owner: owner) }
    }

    /// `DELETE /v1/me/shares/{id}`: revokes a share; its link stops working at once.
    public func revokeShare(id: String, as caller: Caller) async throws(CampusError) {
        let owner = try requireMember(caller)
        guard try await lookingUp({ try await state.removeShare(id: id, owner: owner) }) else {
            throw .noMatch(what: "share of yours", query: id, suggestions: [])
        }
    }

    /// `GET /v1/feeds/{token}.ics`: the shared calendar of the current term, made afresh from
    /// the index (so it follows every refresh), for anyone holding the link. A revoked or
    /// unknown link, or one whose owner may no longer see what it shows, is not found.
    /// Every fetch is recorded as a disclosure by the share's owner.
    public func feed(token: String, now: Date) async throws(CampusError) -> Feed {
        let notFound = CampusError.noMatch(what: "calendar feed", query: "this link", suggestions: [])
        guard SessionToken.isWellFormed(token),
              let share = try await lookingUp({ try await state.share(tokenHash: SessionToken.hash(token)) }) else { throw notFound }
        let owner: Caller
        do {
            owner = try caller(named: share.owner)
        } catch {
            throw notFound
        }
        let ics: String
        let subject: String
        let rule: String
        do {
            switch share.content {
            case .schedule:
                let shown = try await schedule(of: share.owner, term: nil, as: owner, now: now)
                ics = try campus.iCalendar(of: shown.answer, now: now)
                subject = share.owner
                rule = "shared by \(share.owner)"
            case .overlay(let group):
                let answer = try await freeTimeAnswer(group: group, owner: owner, now: now)
                ics = try freeTimeCalendar(answer, owner: share.owner, group: group, now: now)
                subject = "@\(group) of \(share.owner)"
                rule = "shared by \(share.owner)"
            }
        } catch .noTermCalendar(let term, let name, let definition) {
            throw .noTermCalendar(term: term, termName: name, definition: definition)
        } catch {
            throw notFound
        }
        try await record([Disclosure(at: now, viewer: "share:\(share.id)", record: .feed, subject: subject, term: nil, rule: rule)])
        try await lookingUp { try await state.markShareFetched(id: share.id, at: now) }
        let version = try campus.read { reader in try reader.version() }
        return Feed(ics: ics, generation: version.generation, changedAt: version.changedAt)
    }

    /// The overlay of a favorites group as its owner may see it (the policy applied, disclosures recorded).
    private func freeTimeAnswer(group: String, owner: Caller, now: Date) async throws(CampusError) -> OverlayAnswer {
        try await overlay(usernames: ["@" + group], roster: nil, term: nil, options: OverlayOptions(), as: owner, now: now)
    }

    /// The group's common free time through the term, each weekly slot one event.
    private func freeTimeCalendar(_ answer: OverlayAnswer, owner: String, group: String, now: Date) throws(CampusError) -> String {
        let calendar = try campus.read { reader in try campus.campusDescription(reader).calendar }
        guard let termCalendar = calendar.terms[answer.term.code] else {
            throw .noTermCalendar(term: answer.term.code.rawValue, termName: answer.term.name, definition: "the index")
        }
        let writer = ICalendarWriter(calendar: calendar, term: answer.term, termCalendar: termCalendar, owner: "\(owner)-\(group)",
                                     title: "\(group): everyone free — \(answer.term.name)")
        let slots = answer.overlay.freeSlots.map { Meeting(days: [$0.day], start: $0.start, end: $0.end, room: nil) }
        return writer.writeFreeTime(slots, summary: "\(group): everyone free", stampedAt: CampusContext.utcStamp(now))
    }
}
