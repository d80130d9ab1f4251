import CampusCore
import Crypto
import Foundation
internal import CampusIndex
internal import Mail

extension CampusService {
    /// How far back the first queue ever looks: what refreshes found before alerts were turned
    /// on, longer ago than this, is no news. Afterwards every refresh not yet queued is.
    static let alertFreshness: TimeInterval = 2 * 86_400

    /// The most alerts one pass sends.
    static let alertBatch = 50

    /// How long a pass holds the alerts it claimed before another sender may take them: longer
    /// than a whole batch may take, each message at most its connect and send time-outs.
    static let alertLease: TimeInterval = 3600

    /// Attempts after which a message the mail service refuses (not one it could not take for
    /// now) is given up.
    static let refusedAttempts = 8

    /// Queues an alert for everyone the refreshes not yet told of concern (``recipients(of:)``).
    /// Idempotent: a refresh is queued once, in the same
    /// transaction as its alerts, however often and by however many servers this runs.
    ///
    /// Nothing is checked against the policy here: that happens when each alert is sent.
    public func queueAlerts(_ setup: AlertSetup, now: Date) async throws(CampusError) -> Int {
        let retention = campus.configuration.alerts.retention
        _ = try await lookingUp { try await state.forgetAlerts(before: now.addingTimeInterval(-retention)) }
        let first = try await lookingUp { try await !state.anyRefreshQueued() }
        let since = now.addingTimeInterval(first ? -Self.alertFreshness : -retention)
        let found = try lookingUp { try campus.index().changes.found(ChangeQuery(since: since, source: .registrar, limit: 1000)) }
        guard !found.isEmpty else { return 0 }
        let done = try await lookingUp { try await state.queuedRefreshes(among: found.map(\.token)) }
        let fresh = found.filter { !done.contains($0.token) }
        guard !fresh.isEmpty else { return 0 }
        let concerned = try await recipients(of: fresh)
        var alerts: [NewAlert] = []
        for (username, tokens) in concerned.sorted(by: { $0.key < $1.key }) {
            let preferences = try await lookingUp { try await state.alertPreferences(of: username) }
            let due = preferences.email && preferences.daily ? nextDigest(after: now, hour: setup.digestHour) : now
            alerts.append(NewAlert(username: username, refreshes: Array(tokens), dueAt: due))
        }
        return try await lookingUp { try await state.queueAlerts(alerts, refreshes: fresh.map(\.token), at: now) }
    }

    /// Sends the alerts due: one message per person, however many alerts are due for them,
    /// each checked against the policy now (nobody learns of a change they could not look up
    /// themselves now). The alerts are claimed first, so two senders never send the same. A
    /// message the mail service does not take stays queued and is tried again with growing
    /// pauses; a mail service that cannot be reached ends the pass, the rest given back untouched.
    public func sendAlerts(_ setup: AlertSetup, now: Date) async throws(CampusError) -> AlertDelivery {
        var delivery = AlertDelivery()
        let claim = try await lookingUp { try await state.claimDueAlerts(at: now, limit: Self.alertBatch, for: Self.alertLease) }
        let due = claim.alerts
        guard !due.isEmpty else { return delivery }
        let key = try await lookingUp { try await state.alertSigningKey() }
        let byPerson = Dictionary(grouping: due, by: \.username)
        // Those whose message failed before go last: one message that fails every time holds up nobody.
        let people = byPerson.keys.sorted { left, right in
            let (a, b) = (byPerson[left]?.map(\.attempts).max() ?? 0, byPerson[right]?.map(\.attempts).max() ?? 0)
            return (a, left) < (b, right)
        }
        for (index, username) in people.enumerated() {
            let alerts = byPerson[username] ?? []
            let settling: (settling: AlertSettling, serviceDown: Bool, setting: String?)
            do {
                settling = try await settle(alerts, of: username, setup, key: key, now: now)
            } catch {
                // One person's trouble (their record unreadable) holds up nobody else.
                let attempts = alerts.map(\.attempts).max() ?? 0
                settling = (.retry(note: error.description, at: now.addingTimeInterval(Self.retryPause(after: attempts))), false, nil)
            }
            do {
                try await state.settleAlerts(alerts.map(\.id), of: claim.token, as: settling.settling, at: now)
            } catch {
                // The rest go back at once rather than wait out the lease.
                let rest = people[(index + 1)...].flatMap { byPerson[$0] ?? [] }.map(\.id)
                try? await state.releaseAlerts(rest, of: claim.token, at: now)
                throw CampusError(error)
            }
            switch settling.settling {
            case .sent: delivery.sent += 1
            case .kept: delivery.kept += 1
            case .dropped: delivery.dropped += 1
            case .retry(let note, _):
                delivery.failed += 1
                delivery.lastFailure = note
                delivery.failingSetting = settling.setting
                if settling.serviceDown {
                    delivery.serviceDown = true
                    let rest = people[(index + 1)...].flatMap { byPerson[$0] ?? [] }.map(\.id)
                    try await lookingUp { try await state.releaseAlerts(rest, of: claim.token, at: now) }
                    return delivery
                }
            }
        }
        return delivery
    }

    /// What becomes of `alerts`, all `username`'s: sent, kept, dropped, or to be tried again.
    private func settle(
        _ alerts: [Alert], of username: String, _ setup: AlertSetup, key: [UInt8], now: Date
    ) async throws(CampusError) -> (settling: AlertSettling, serviceDown: Bool, setting: String?) {
        let (caller, standing, _) = try standingCaller(named: username)
        guard standing.leftAt == nil else { return (.dropped(note: "not in the directory now"), false, nil) }
        if let arrived = standing.arrivedAt {
            // Someone took the username from another: what the one before followed is none of theirs.
            try await lookingUp { try await state.forget(username, before: arrived) }
            if alerts.contains(where: { $0.queuedAt < arrived }) {
                return (.dropped(note: "queued for whoever held the username before"), false, nil)
            }
        }
        let tokens = Array(Set(alerts.flatMap(\.refreshes))).sorted()
        let found = try lookingUp { try campus.index().changes.found(ChangeQuery(tokens: tokens, limit: tokens.count)) }
        let preferences = try await lookingUp { try await state.alertPreferences(of: username) }
        let schedules = try await followedSchedules(preferences.people, terms: Set(found.compactMap(\.term)), as: caller)
        let concerning = try concerning(found, username: username, preferences: preferences, schedules: schedules)
        let (shown, rosters, friends) = try visibleChanges(
            concerning.found, to: caller, following: FollowedChanges(shown: schedules.mapValues { Set($0.keys) }, through: concerning.through))
        let changes = shown.sorted { $0.refresh < $1.refresh }.flatMap(\.changes)
        guard !changes.isEmpty else { return (.dropped(note: "nothing in it that this person may see now"), false, nil) }
        let person = try campus.revealing(.person(username)).read { reader in try reader.person(username) }
        let unsubscribe = UnsubscribeLink.url(for: username, arrivedAt: standing.arrivedAt, key: key, publicURL: setup.publicURL)
        let letter = AlertLetter(
            to: person?.name, username: username, changes: changes, weekURL: "\(setup.publicURL)/",
            settingsURL: "\(setup.publicURL)/alerts", unsubscribeURL: unsubscribe)
        // Recorded before the alert is shown (e-mailed, or kept for the inbox): a record too many
        // if a send fails and is tried again, never one missing.
        try await record(rosters.map { roster in
            Disclosure(at: now, viewer: username, record: .roster, subject: roster.section.rawValue, term: roster.term.rawValue, rule: roster.rule)
        } + friends.sorted { ($0.person, $0.term?.rawValue ?? "") < ($1.person, $1.term?.rawValue ?? "") }.compactMap { friend in
            guard let term = friend.term, let grant = schedules[friend.person]?[term] else { return nil }
            return Disclosure(at: now, viewer: username, record: .schedule, subject: friend.person, term: term.rawValue, rule: grant.description)
        })
        guard preferences.email else { return (.kept(subject: letter.subject, lines: letter.lines, note: "e-mail alerts are off"), false, nil) }
        guard let email = person?.email, let to = MailAddress(name: person?.name, address: email) else {
            return (.kept(subject: letter.subject, lines: letter.lines, note: "no e-mail address in the directory"), false, nil)
        }
        let message = MailMessage(
            from: setup.from, to: to, subject: letter.subject, text: letter.text, html: letter.html,
            messageID: Self.messageID(username: username, refreshes: tokens, domain: setup.from.domain),
            date: now,
            extraHeaders: [
                .init("List-Unsubscribe", "<\(unsubscribe)>"), .init("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
                .init("Auto-Submitted", "auto-generated"),
            ])
        do {
            try await setup.transport.send(message)
        } catch {
            let attempts = alerts.map(\.attempts).max() ?? 0
            if error.kind == .refused, attempts + 1 >= Self.refusedAttempts {
                return (.dropped(note: "refused \(attempts + 1) times: \(error.description)"), false, error.setting)
            }
            return (.retry(note: error.description, at: now.addingTimeInterval(Self.retryPause(after: attempts))), error.isServiceDown,
                    error.setting)
        }
        return (.sent(subject: letter.subject, lines: letter.lines), false, nil)
    }

    /// The `Message-ID` of the message telling `username` of `refreshes`: the same each time it
    /// is tried, so a mail system that got it once can tell it again.
    static func messageID(username: String, refreshes: [String], domain: String) -> String {
        let digest = SHA256.hash(data: Data(([username] + refreshes.sorted()).joined(separator: " ").utf8))
        return "campus-alert-" + digest.prefix(12).map { String($0, radix: 16).leftPadded(to: 2) }.joined() + "@" + domain
    }

    /// The pause before trying a message again: a minute, doubling with each failure, at most an hour.
    static func retryPause(after attempts: Int) -> TimeInterval {
        min(3600, 60 * pow(2, Double(min(attempts, 6))))
    }

    /// The next moment the campus clock reads `hour`:00, after `now`.
    func nextDigest(after now: Date, hour: Int) -> Date {
        guard let local = campusTime(now) else { return now }
        var minutes = hour * 60 - local.minutes
        if minutes <= 0 { minutes += 1440 }
        let start = now.timeIntervalSince1970.rounded(.down) - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
        return Date(timeIntervalSince1970: start + Double(minutes * 60))
    }
}
