import CampusCore
import CampusIndex
import Foundation

extension CampusContext {
    /// `campus overlay USER... [--roster ID]`: the people's weeks in one term laid over one another.
    ///
    /// Usernames, favorites groups and the students of the roster are pooled, each person once.
    /// A person with no classes that term is kept (free all week) and named in
    /// ``OverlayAnswer/notEnrolled``; a group member the index has lost is left out and named
    /// in ``OverlayAnswer/leftOut``.
    ///
    /// - Parameters:
    ///   - usernames: people by username (any case), or `@group` for a favorites group of `owner`.
    ///   - owner: whose favorites groups `@group` names.
    ///   - roster: a section (`CSSE474-02`) or a course (`CSSE474`) whose students join.
    ///   - busyFiles: paths of `.ics` files of extra busy time, each one more member (`busy:FILE-NAME`).
    ///   - choice: `--term`; without it the current term the index holds, else the newest.
    ///   - options: days, daily window, minimum slot length, the limit on people, and the week
    ///     (sections are laid over with their term dates).
    ///   - now: the present moment.
    /// - Throws: ``UnknownPeopleError`` naming every unknown username with close matches,
    ///   ``EmptyGroupError``, ``OverlayError`` (nobody, too many), ``CampusError`` (unknown term or roster),
    ///   ``BusyFileError`` (a busy file missing, unreadable or with a rule not read, naming its line).
    public func overlay(
        usernames: [String], owner: String, roster: String?, busyFiles: [String] = [], term choice: TermChoice?,
        options: OverlayOptions, now: Date
    ) throws -> OverlayAnswer {
        let store = try openIndex()
        let term = try resolveTerm(choice, in: store, now: now)
        var people: [String: Person] = [:]
        var unknown: [(username: String, suggestions: [String])] = []
        var order: [String] = []
        var leftOut: [String] = []
        func add(_ person: Person) {
            guard people[person.username] == nil else { return }
            people[person.username] = person
            order.append(person.username)
        }
        for name in usernames {
            if name.hasPrefix("@") {
                let group = try store.overlayGroup(String(name.dropFirst()), owner: owner)
                group.known.forEach(add)
                leftOut += group.lost.filter { !leftOut.contains($0) }
                continue
            }
            let username = name.lowercased()
            guard people[username] == nil else { continue }
            guard let person = try store.person(username) else {
                if !unknown.contains(where: { $0.username == username }) {
                    unknown.append((username, try store.suggestions(for: username, limit: 3)))
                }
                continue
            }
            add(person)
        }
        guard unknown.isEmpty else { throw UnknownPeopleError(unknown: unknown) }
        if let roster {
            try self.roster(roster, term: .code(term.code), now: now).students.map(\.person).forEach(add)
        }
        try options.check(memberCount: order.count + busyFiles.count)
        var members: [OverlayMember] = []
        var notEnrolled: [String] = []
        for username in order {
            let schedule = try store.schedule(of: username, term: term.code)
            if schedule.sections.isEmpty { notEnrolled.append(username) }
            members.append(OverlayMember(id: username, busy: schedule.sections.flatMap { scheduled in
                let dates = scheduled.section.termDates.flatMap { DateRange(registrar: $0) }
                return scheduled.section.schedule.meetings.map { OverlayMember.Busy($0, dates: dates) }
            }))
        }
        for path in busyFiles {
            members.append(try BusyFile(path: path).member(zone: definition.calendar.timeZone, week: options.week))
        }
        let overlay = try Overlay(members: members, options: options)
        return OverlayAnswer(term: term, overlay: overlay, people: people, notEnrolled: notEnrolled, leftOut: leftOut)
    }
}
