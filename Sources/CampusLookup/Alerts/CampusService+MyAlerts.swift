import CampusCore
import Foundation
internal import CampusIndex

/// What one person hears about and has heard: their alert settings and their inbox.
public struct MyAlerts: Sendable {
    /// Whether this deployment sends alert e-mail at all.
    public var configured: Bool
    public var preferences: AlertPreferences
    public var unread: Int
    /// Delivered alerts, newest first.
    public var inbox: [Alert]
}

extension CampusService {
    /// The most sections, rooms and people one person may follow, together.
    static let followLimit = 50

    /// `GET /v1/me/alerts`: the caller's alert settings, unread count and inbox (the newest `limit`).
    public func myAlerts(as caller: Caller, limit: Int = 50) async throws(CampusError) -> MyAlerts {
        let username = try requireMember(caller)
        return try await lookingUp {
            MyAlerts(
                configured: alerts != nil, preferences: try await state.alertPreferences(of: username),
                unread: try await state.unreadAlerts(of: username), inbox: try await state.alerts(of: username, limit: limit))
        }
    }

    /// `PUT /v1/me/alerts`: changes what the caller hears about and how; a setting left `nil` stays
    /// as it was, a list given replaces the one kept. At most ``followLimit`` follows in all,
    /// counted before anything is looked up. A new entry is checked: a section (`202630
    /// CHEM111-02`) must be in the index, a room (`O169`) in use in a term it holds, a person must
    /// show the caller their schedule now (by consent, say). One kept already stays without a
    /// check (a friend who stopped sharing is simply not told of until they share again), so a
    /// form that sends every list back can always change the rest.
    public func setMyAlerts(
        email: Bool?, daily: Bool?, follows: [String]?, rooms: [String]? = nil, people: [String]? = nil, as caller: Caller, now: Date
    ) async throws(CampusError) -> MyAlerts {
        let username = try requireMember(caller)
        var preferences = try await lookingUp { try await state.alertPreferences(of: username) }
        let count = (follows?.count ?? preferences.sections.count) + (rooms?.count ?? preferences.rooms.count)
            + (people?.count ?? preferences.people.count)
        guard count <= Self.followLimit else {
            throw .limitReached(what: "sections, rooms and people followed", limit: Self.followLimit, advice: "follow fewer")
        }
        if let email { preferences.email = email }
        if let daily { preferences.daily = daily }
        if let follows {
            let kept = Set(preferences.sections)
            preferences.sections = try Self.unique(follows.map { text throws(CampusError) in
                let written = try Self.writtenSection(text)
                if kept.contains(written) { return written }
                _ = try policy.require(.listings, caller: caller, subject: "course listings")
                return try heldSection(written, as: caller)
            })
        }
        if let rooms {
            let kept = Set(preferences.rooms)
            preferences.rooms = try Self.unique(rooms.map { text throws(CampusError) in
                let room = text.trimmingCharacters(in: .whitespaces).uppercased()
                if kept.contains(room) { return room }
                _ = try policy.require(.listings, caller: caller, subject: "course listings")
                return try followedRoom(text, as: caller)
            })
        }
        if let people {
            let kept = Set(preferences.people)
            var followed: [String] = []
            for text in people {
                let person = text.trimmingCharacters(in: .whitespaces).lowercased()
                followed.append(kept.contains(person) ? person : try await followedPerson(text, as: caller))
            }
            preferences.people = Self.unique(followed)
        }
        let chosen = preferences
        try await lookingUp { try await state.setAlertPreferences(chosen, of: username, at: now) }
        return try await myAlerts(as: caller)
    }

    /// `POST /v1/me/alerts/read`: marks the caller's inbox read; returns how many were unread.
    public func markAlertsRead(as caller: Caller, now: Date) async throws(CampusError) -> Int {
        let username = try requireMember(caller)
        return try await lookingUp { try await state.markAlertsRead(of: username, at: now) }
    }

    /// Whether `signature` is the one of the unsubscribe link of whoever holds `username` now.
    public func unsubscribeLinkHolds(username: String, signature: String) async throws(CampusError) -> Bool {
        let key = try await lookingUp { try await state.alertSigningKey() }
        let arrived = try campus.revealing(.person(username)).read { reader in try reader.standing(of: username.lowercased()).arrivedAt }
        return UnsubscribeLink.verifies(signature, for: username, arrivedAt: arrived, key: key)
    }

    /// The one-click unsubscribe (RFC 8058), no log-in needed: turns `username`'s alert e-mail off
    /// when `signature` is their link's; anyone else's link, or a changed one, is refused alike.
    public func unsubscribe(username: String, signature: String, now: Date) async throws(CampusError) {
        guard try await unsubscribeLinkHolds(username: username, signature: signature) else {
            throw .invalidParameter(name: "t", detail: "this unsubscribe link is not valid: use the one in your latest alert e-mail")
        }
        var preferences = try await lookingUp { try await state.alertPreferences(of: username) }
        preferences.email = false
        let chosen = preferences
        try await lookingUp { try await state.setAlertPreferences(chosen, of: username, at: now) }
    }

    /// `values` in their order, each once.
    private static func unique<Value: Hashable>(_ values: [Value]) -> [Value] {
        var seen: Set<Value> = []
        return values.filter { seen.insert($0).inserted }
    }

    /// A room in use in a term the index holds, upper-cased (`o169` is `O169`).
    private func followedRoom(_ text: String, as caller: Caller) throws(CampusError) -> String {
        let room = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard !room.isEmpty, room.count <= 40, !room.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .invalidParameter(name: "rooms", detail: "'\(VisibleText.escaped(String(text.prefix(40))))' is not a room such as O169")
        }
        let similar = try campus(for: caller).read { reader in try reader.rooms(prefix: room, term: nil) }
        guard similar.contains(where: { $0.uppercased() == room }) else {
            throw .noMatch(what: "room in use", query: room, suggestions: Array(similar.prefix(10)))
        }
        return room
    }

    /// A username whose schedule the policy shows the caller now, lower-cased: someone who shares
    /// it with them, say. One unknown and one the directory does not show the caller are alike
    /// not found; one shown who does not share is refused with advice.
    private func followedPerson(_ text: String, as caller: Caller) async throws(CampusError) -> String {
        let person = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !person.isEmpty, person.unicodeScalars.count <= 64 else {
            throw .invalidParameter(name: "people", detail: "'\(VisibleText.escaped(String(text.prefix(64))))' is not a username such as quinna")
        }
        guard !caller.isSelf(person) else {
            throw .invalidParameter(name: "people", detail: "you hear about your own classes already: name someone else")
        }
        let consents = try await consents(to: caller, from: [person])
        let shown = try campus(for: caller, consents).read { reader in
            let relations = try relate(caller, to: try policySubject(person, reader), term: nil, consents: consents, reader)
            return policy.grant(.schedule, to: caller, relations: relations) != nil
        }
        guard shown else {
            throw .invalidParameter(
                name: "people", detail: "\(person) does not share their schedule with you: ask them to (campus ask \(person), or Sharing in the web app)")
        }
        return person
    }

    /// `202630 CHEM111-02` read as a term and a section.
    private static func writtenSection(_ text: String) throws(CampusError) -> FollowedSection {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let term = TermCode(parts[0]), let section = SectionID(parts[1].uppercased()) else {
            throw .invalidParameter(name: "follows", detail: "'\(VisibleText.escaped(text))' is not a term and a section such as \"202630 CHEM111-02\"")
        }
        return FollowedSection(section: section, term: term)
    }

    /// `written`, when the index holds it.
    private func heldSection(_ written: FollowedSection, as caller: Caller) throws(CampusError) -> FollowedSection {
        let held = try campus(for: caller).read { reader in try reader.section(written.section, term: written.term) != nil }
        guard held else { throw .noMatch(what: "section in term \(written.term.rawValue)", query: written.section.rawValue, suggestions: []) }
        return written
    }
}
