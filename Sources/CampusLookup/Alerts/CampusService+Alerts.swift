import CampusCore
import Foundation
internal import CampusIndex
internal import Mail

extension CampusService {
    /// How recent a refresh must be to be told of: a change older than this, found before alerts
    /// were turned on, say, is no news.
    static let alertFreshness: TimeInterval = 2 * 86_400

    /// The most alerts one pass sends.
    static let alertBatch = 500

    /// Queues an alert for everyone the refreshes not yet told of concern: the students and
    /// instructors of each section changed, a dropped student, the instructor of a cancelled
    /// section, and whoever follows it. Idempotent: a refresh is queued once, in the same
    /// transaction as its alerts, however often and by however many servers this runs.
    ///
    /// Nothing is checked against the policy here: that happens when each alert is sent.
    public func queueAlerts(_ setup: AlertSetup, now: Date) async throws(CampusError) -> Int {
        let found = try lookingUp {
            try campus.index().changes.found(ChangeQuery(since: now.addingTimeInterval(-Self.alertFreshness), source: .registrar, limit: 1000))
        }
        guard !found.isEmpty else { return 0 }
        let done = try await lookingUp { try await state.queuedRefreshes(among: found.map(\.token)) }
        let fresh = found.filter { !done.contains($0.token) }
        guard !fresh.isEmpty else { return 0 }
        let sections = Set(fresh.flatMap { $0.changes.compactMap(\.followedSection) })
        let followers = try await lookingUp { try await state.followers(of: Array(sections)) }
        let concerned = try campus.revealing(.everyone).read { reader in
            var people: [FollowedSection: (students: [String], instructors: [String])] = [:]
            var concerned: [String: Set<String>] = [:]
            for refresh in fresh {
                for change in refresh.changes {
                    guard let followed = change.followedSection else { continue }
                    let key = followed
                    if people[key] == nil { people[key] = try reader.sectionPeople(followed.section, term: followed.term) }
                    var told = Set(people[key]?.instructors ?? []).union(followers[followed] ?? [])
                    // Classmates are not told who else joined or left; the student is.
                    if !change.kind.namesStudent { told.formUnion(people[key]?.students ?? []) }
                    if let person = change.person { told.insert(person.lowercased()) }
                    for username in told { concerned[username, default: []].insert(refresh.token) }
                }
            }
            return concerned
        }
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
    /// themselves now). A message the mail service does not take stays queued and is tried
    /// again with growing pauses; a mail service that cannot be reached ends the pass, leaving
    /// the rest queued, untouched.
    public func sendAlerts(_ setup: AlertSetup, now: Date) async throws(CampusError) -> AlertDelivery {
        var delivery = AlertDelivery()
        let due = try await lookingUp { try await state.dueAlerts(at: now, limit: Self.alertBatch) }
        guard !due.isEmpty else { return delivery }
        let key = try await lookingUp { try await state.alertSigningKey() }
        let byPerson = Dictionary(grouping: due, by: \.username)
        for username in byPerson.keys.sorted() {
            let alerts = byPerson[username] ?? []
            let settling = try await settle(alerts, of: username, setup, key: key, now: now)
            try await lookingUp { try await state.settleAlerts(alerts.map(\.id), as: settling.settling, at: now) }
            switch settling.settling {
            case .sent: delivery.sent += 1
            case .kept: delivery.kept += 1
            case .dropped: delivery.dropped += 1
            case .retry(let note, _):
                delivery.failed += 1
                delivery.lastFailure = note
                delivery.failingSetting = settling.setting
                if settling.serviceDown { return delivery }
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
        let tokens = Array(Set(alerts.flatMap(\.refreshes))).sorted()
        let found = try lookingUp { try campus.index().changes.found(ChangeQuery(tokens: tokens, limit: tokens.count)) }
        let preferences = try await lookingUp { try await state.alertPreferences(of: username) }
        let concerning = try concerning(found, username: username, following: Set(preferences.sections))
        let (shown, rosters) = try visibleChanges(concerning, to: caller)
        let changes = shown.sorted { $0.refresh < $1.refresh }.flatMap(\.changes)
        guard !changes.isEmpty else { return (.dropped(note: "nothing in it that this person may see now"), false, nil) }
        let person = try campus.revealing(.person(username)).read { reader in try reader.person(username) }
        let unsubscribe = UnsubscribeLink.url(for: username, key: key, publicURL: setup.publicURL)
        let letter = AlertLetter(
            to: person?.name, username: username, changes: changes, weekURL: "\(setup.publicURL)/me",
            settingsURL: "\(setup.publicURL)/alerts", unsubscribeURL: unsubscribe)
        guard preferences.email else { return (.kept(subject: letter.subject, lines: letter.lines, note: "e-mail alerts are off"), false, nil) }
        guard let email = person?.email, let to = MailAddress(name: person?.name, address: email) else {
            return (.kept(subject: letter.subject, lines: letter.lines, note: "no e-mail address in the directory"), false, nil)
        }
        let message = MailMessage(
            from: setup.from, to: to, subject: letter.subject, text: letter.text, html: letter.html,
            messageID: "campus-alert-\(alerts.map(\.id).min() ?? 0)-\(alerts.count)@\(setup.from.domain)",
            date: now,
            extraHeaders: [
                .init("List-Unsubscribe", "<\(unsubscribe)>"), .init("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
                .init("Auto-Submitted", "auto-generated"),
            ])
        do {
            try await setup.transport.send(message)
        } catch {
            let attempts = alerts.map(\.attempts).max() ?? 0
            return (.retry(note: error.description, at: now.addingTimeInterval(Self.retryPause(after: attempts))), error.kind != .refused,
                    error.setting)
        }
        try await record(rosters.map { roster in
            Disclosure(at: now, viewer: username, record: .roster, subject: roster.section.rawValue, term: roster.term.rawValue, rule: roster.rule)
        })
        return (.sent(subject: letter.subject, lines: letter.lines), false, nil)
    }

    /// The changes in `found` that concern `username` now: to sections they attend, teach or
    /// follow, their own adds and drops, a cancelled section they taught; others' adds and drops
    /// only in sections they teach (the policy then decides whether they may see them).
    private func concerning(_ found: [FoundChanges], username: String, following: Set<FollowedSection>) throws(CampusError) -> [FoundChanges] {
        try campus.revealing(.everyone).read { reader in
            var people: [FollowedSection: (students: [String], instructors: [String])] = [:]
            return try found.map { refresh in
                var refresh = refresh
                refresh.changes = try refresh.changes.filter { change in
                    if change.person?.lowercased() == username { return true }
                    guard let followed = change.followedSection else { return false }
                    let key = followed
                    if people[key] == nil { people[key] = try reader.sectionPeople(followed.section, term: followed.term) }
                    let teaches = people[key]?.instructors.contains(username) ?? false
                    if change.kind.namesStudent { return teaches }
                    return teaches || following.contains(followed) || (people[key]?.students.contains(username) ?? false)
                }
                return refresh
            }
        }
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

extension ClassChange {
    /// The section and term it changed; `nil` for a contact change.
    var followedSection: FollowedSection? {
        guard let term, let section else { return nil }
        return FollowedSection(section: section, term: term)
    }
}
