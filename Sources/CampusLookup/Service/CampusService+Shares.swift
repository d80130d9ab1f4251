import CampusCore
import Foundation
internal import CampusIndex

/// A share as its owner sees it once, at creation: with the token of its link.
public struct NewShare: Sendable {
    public var share: Share
    /// The link's secret, given once and never kept.
    public var token: String
    /// Members of a shared group whose week the link leaves out (seen by the owner only by a
    /// role: an advisor's advisee, an instructor's student), by username.
    public var notShared: [String]
}

/// A calendar feed: the iCalendar text, and which state of the index it was made from.
public struct Feed: Sendable {
    public var ics: String
    public var generation: Int64
    public var changedAt: Date
    /// Whose weeks it counts, and how: what else than the index's state it is made from (a
    /// consent given or revoked changes it), for its validator.
    public var basis: String
}

extension CampusService {
    /// `POST /v1/me/shares`: shares the caller's own schedule, or the free time of one of
    /// their favorites groups, by a link holding a 256-bit token kept only as its SHA-256.
    ///
    /// A link anyone may open shows a week only where no role of the owner's is needed to see
    /// it: the owner's own, and what others teach (the listings). An advisee's or a student's
    /// week, which the owner sees by their role, is left out of a group's link (named in
    /// ``NewShare/notShared``): a role lets its holder look; it is not the person's consent. A
    /// member who consented to show their week to the group counts; so may a group shared with
    /// the caller (`owner/group`), its owner's consent to the group counting as theirs.
    /// The link ends with the term (or after `share-days`), when the owner revokes it, leaves
    /// the directory, changes their password or their opt-out; one person keeps at most
    /// `shares-per-person` links.
    public func createShare(_ content: Share.Content, as caller: Caller, now: Date) async throws(CampusError) -> NewShare {
        let owner = try requireMember(caller)
        var notShared: [String] = []
        if case .overlay(let group) = content {
            try Self.checkGroupReference(group)
            notShared = try await linkedOverlay(group: group, owner: caller, now: now).answer.notShared
        }
        let token = SessionToken.make()
        let share = Share(id: String(SessionToken.make().prefix(12)), tokenHash: SessionToken.hash(token), owner: owner,
                          content: content, createdAt: now, expiresAt: try shareExpiry(now))
        guard try await lookingUp({ try await state.addShare(share, limit: configuration.limits.shares) }) else {
            throw .limitReached(what: "shared links", limit: configuration.limits.shares, advice: "revoke one you no longer use first")
        }
        return NewShare(share: share, token: token, notShared: notShared)
    }

    /// `GET /v1/me/shares`: the caller's links still working, oldest first (never their tokens).
    public func shares(as caller: Caller, now: Date) async throws(CampusError) -> [Share] {
        let owner = try requireMember(caller)
        return try await lookingUp { try await state.shares(owner: owner) }.filter { $0.expiresAt > now }
    }

    /// `DELETE /v1/me/shares/{id}`: revokes a share; its link stops working at once.
    public func revokeShare(id: String, as caller: Caller) async throws(CampusError) {
        let owner = try requireMember(caller)
        guard try await lookingUp({ try await state.removeShare(id: id, owner: owner) }) else {
            throw .noMatch(what: "share of yours", query: id, suggestions: [])
        }
    }

    /// `GET /v1/feeds/{token}.ics`: the shared calendar of the current term, made afresh from
    /// the index (so it follows every refresh), for anyone holding the link.
    ///
    /// Not found alike: an unknown or revoked link, one past its end, one whose owner has since
    /// left the directory or changed their password or opt-out, one whose owner may no longer
    /// see what it shows. Each fetch is recorded as a disclosure to the link (`share:ID`) of
    /// each person whose schedule it shows.
    public func feed(token: String, now: Date) async throws(CampusError) -> Feed {
        let notFound = CampusError.noMatch(what: "calendar feed", query: "this link", suggestions: [])
        guard SessionToken.isWellFormed(token),
              let share = try await lookingUp({ try await state.share(tokenHash: SessionToken.hash(token)) }),
              share.expiresAt > now else { throw notFound }
        let owner: Caller
        do {
            let found = try standingCaller(named: share.owner)
            guard found.standing.keepsLink(madeAt: share.createdAt) else { throw notFound }
            owner = found.caller
        } catch {
            throw notFound
        }
        let ics: String
        let disclosed: [(subject: String, term: String)]
        var basis = ""
        do {
            switch share.content {
            case .schedule:
                let shown = try await ownSchedule(share.owner, as: owner, now: now)
                ics = try campus.iCalendar(of: shown, now: now)
                disclosed = [(share.owner, shown.term.code.rawValue)]
            case .overlay(let group):
                let linked = try await linkedOverlay(group: group, owner: owner, now: now)
                ics = try freeTimeCalendar(linked.answer, owner: share.owner, group: group, now: now)
                disclosed = linked.shown.map { ($0, linked.answer.term.code.rawValue) }
                basis = (linked.shown.sorted() + ["/"] + linked.answer.overlay.members.map(\.id).sorted()).joined(separator: ",")
            }
        } catch .noTermCalendar(let term, let name, let definition) {
            throw .noTermCalendar(term: term, termName: name, definition: definition)
        } catch {
            throw notFound
        }
        try await record(disclosed.map { subject, term in
            Disclosure(at: now, viewer: Self.sharedLinkViewer + share.id, record: .feed, subject: subject, term: term, rule: Self.sharedLinkRule(owner: share.owner))
        })
        try await lookingUp { try await state.markShareFetched(id: share.id, at: now) }
        let version = try campus.read { reader in try reader.version() }
        return Feed(ics: ics, generation: version.generation, changedAt: version.changedAt, basis: basis)
    }

    /// The owner's own schedule of the current term, as they see it.
    private func ownSchedule(_ username: String, as owner: Caller, now: Date) async throws(CampusError) -> ScheduleAnswer {
        try await schedule(of: username, term: nil, as: owner, now: now).answer
    }

    /// The overlay of a favorites group as a link may show it: the owner's own week, the weeks
    /// of members who consented to show theirs to the group (which its owner shares with them),
    /// what others teach, nobody's week the owner sees by a role. `shown`: whose whole week it used.
    ///
    /// - Throws: ``CampusError/notShareable(group:people:)`` when that leaves nobody.
    private func linkedOverlay(group: String, owner: Caller, now: Date) async throws(CampusError) -> (answer: OverlayAnswer, shown: [String]) {
        let username = try requireMember(owner)
        let kept = try await groups(in: ["@" + group], of: username)
        let consents = try await consents(to: owner, from: kept.values.flatMap { $0.map(\.username) }, evenIfShown: true)
        let groups = try shownMembers(of: kept, to: owner, consents)
        let parts = group.split(separator: "/", maxSplits: 1).map(String.init)
        let audience = parts.count == 2 ? Consent.Audience.group(owner: parts[0].lowercased(), name: parts[1]) : .group(owner: username, name: group)
        var shown: [String] = []
        var left: [String] = []
        do {
            let answer = try await campus(for: owner, consents).overlay(
                usernames: ["@" + group], owner: username, roster: nil, term: nil, options: OverlayOptions(), now: now, groups: groups
            ) { person, term, _ in
                if owner.isSelf(person.username) || consents.reach(person.username, term: term, as: audience) {
                    shown.append(person.username)
                    return .all
                }
                guard person.affiliation != .student, policy.grant(.listings, to: owner) != nil else {
                    left.append(person.username)
                    return .none
                }
                return .teaching
            }
            return (answer, shown)
        } catch .overlay(.noMembers) where !left.isEmpty {
            throw .notShareable(group: group, people: left)
        }
    }

    /// When a link made at `now` ends: after `share-days`, else at the end of the term it is
    /// made in (or the next one, between terms), its finals week included; 120 days when the
    /// index knows no term calendar.
    func shareExpiry(_ now: Date) throws(CampusError) -> Date {
        if let lifetime = configuration.shareLifetime { return now.addingTimeInterval(lifetime) }
        return try campus.read { reader in
            let zone = try campus.termClock(reader).zone
            let today = zone.localTime(secondsSince1970: now.secondsSince1970).date
            let ends = try campus.campusDescription(reader).calendar.terms.values
                .map { max($0.classes.last, $0.finalsStart.adding(days: 6)) }
                .filter { $0 >= today }
            guard let last = ends.min() else { return now.addingTimeInterval(120 * 86_400) }
            let midnight = zone.utc(last.adding(days: 1), minutes: 0)
            return Date(timeIntervalSince1970: TimeInterval(midnight.date.dayNumber) * 86_400 + TimeInterval(midnight.minutes) * 60)
        }
    }

    /// The group's common free time through the term, each weekly slot one event.
    private func freeTimeCalendar(_ answer: OverlayAnswer, owner: String, group: String, now: Date) throws(CampusError) -> String {
        let calendar = try campus.read { reader in try campus.campusDescription(reader).calendar }
        guard let termCalendar = calendar.terms[answer.term.code] else {
            throw .noTermCalendar(term: answer.term.code.rawValue, termName: answer.term.name, definition: "the index")
        }
        // A link anyone may open names the group, never its owner (`alice/study` is `study`).
        let name = group.split(separator: "/").last.map(String.init) ?? group
        let writer = ICalendarWriter(calendar: calendar, term: answer.term, termCalendar: termCalendar, owner: "\(owner)-\(name)",
                                     title: "\(name): everyone free — \(answer.term.name)")
        let slots = answer.overlay.freeSlots.map { Meeting(days: [$0.day], start: $0.start, end: $0.end, room: nil) }
        return writer.writeFreeTime(slots, summary: "\(name): everyone free", stampedAt: CampusContext.utcStamp(now))
    }
}
