import CampusCore
import Foundation

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
    /// The most sections one person may follow.
    static let followedSectionLimit = 50

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
    /// as it was. Followed sections are written `202630 CHEM111-02` and must be in the index.
    public func setMyAlerts(
        email: Bool?, daily: Bool?, follows: [String]?, as caller: Caller, now: Date
    ) async throws(CampusError) -> MyAlerts {
        let username = try requireMember(caller)
        var preferences = try await lookingUp { try await state.alertPreferences(of: username) }
        if let email { preferences.email = email }
        if let daily { preferences.daily = daily }
        if let follows {
            guard follows.count <= Self.followedSectionLimit else {
                throw .limitReached(what: "followed sections", limit: Self.followedSectionLimit, advice: "follow fewer")
            }
            if !follows.isEmpty { _ = try policy.require(.listings, caller: caller, subject: "course listings") }
            preferences.sections = try follows.map { text throws(CampusError) in try followedSection(text, as: caller) }
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

    /// Whether `signature` is the one of `username`'s unsubscribe link.
    public func unsubscribeLinkHolds(username: String, signature: String) async throws(CampusError) -> Bool {
        let key = try await lookingUp { try await state.alertSigningKey() }
        return UnsubscribeLink.verifies(signature, for: username, key: key)
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

    /// `202630 CHEM111-02` as a section the index holds.
    private func followedSection(_ text: String, as caller: Caller) throws(CampusError) -> FollowedSection {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let term = TermCode(parts[0]), let section = SectionID(parts[1].uppercased()) else {
            throw .invalidParameter(name: "follows", detail: "'\(VisibleText.escaped(text))' is not a term and a section such as \"202630 CHEM111-02\"")
        }
        let held = try campus(for: caller).read { reader in try reader.section(section, term: term) != nil }
        guard held else { throw .noMatch(what: "section in term \(term.rawValue)", query: section.rawValue, suggestions: []) }
        return FollowedSection(section: section, term: term)
    }
}
