internal import CampusIndex
import CampusCore
import Foundation

extension CampusContext {
    /// `campus overlay USER... [--roster ID]`: the people's weeks in one term laid over one another.
    ///
    /// Usernames, favorites groups and the students of the roster are pooled, each person once.
    /// A person with no classes that term is kept (free all week) and named in
    /// ``OverlayAnswer/notEnrolled``; a group member the index has lost, or whom the directory
    /// suppresses, is left out and named in ``OverlayAnswer/leftOut`` (the two alike, as
    /// `campus favorites list` shows them). Only the first few unknown usernames get close
    /// matches (``suggestedUnknowns``).
    ///
    /// - Parameters:
    ///   - usernames: people by username (any case), or `@group` for a favorites group of `owner`.
    ///   - owner: whose favorites groups `@group` names.
    ///   - roster: a section (`CSSE474-02`) or a course (`CSSE474`) whose students join.
    ///   - busyFiles: paths of `.ics` files of extra busy time, each one more member (`busy:FILE-NAME`).
    ///   - term: `--term`; without it the current term the index holds, else the newest.
    ///   - options: days, daily window, minimum slot length, the limit on people, and the week
    ///     (sections are laid over with their term dates).
    ///   - now: the present moment.
    /// - Throws: ``CampusError/unknownPeople(_:)`` naming every unknown username with close matches,
    ///   ``CampusError/emptyGroup(group:owner:)``, ``CampusError/overlay(_:)`` (nobody, too many),
    ///   ``CampusError/unknownTerm(_:known:)``, a roster's no-match, ``CampusError/busyFile(path:problem:)``,
    ///   ``CampusError/invalidParameter(name:detail:)`` naming `week` for a week outside the term's
    ///   days of classes, or `members` for a group with no name.
    func overlay(
        usernames: [String], owner: String, roster: String?, busyFiles: [String] = [], term: String?,
        options: OverlayOptions, now: Date
    ) async throws(CampusError) -> OverlayAnswer {
        try await overlay(usernames: usernames, owner: owner, roster: roster, busyFiles: busyFiles, term: term,
                          options: options, now: now) { _, _, _ in .all }
    }

    /// ``overlay(usernames:owner:roster:busyFiles:term:options:now:)`` with `weeks` deciding, of each
    /// member as shown and before any of their classes is read, how much of their week is laid
    /// over in the term: all of it, what they teach, or none (they are named in
    /// ``OverlayAnswer/notShared`` and their times never used). It may throw to refuse.
    ///
    /// - Parameter given: groups' members already read, by the name after `@` (a group shared with the caller).
    func overlay(
        usernames: [String], owner: String, roster: String?, busyFiles: [String] = [], term: String?,
        options: OverlayOptions, now: Date, groups given: [String: [Favorite]] = [:],
        weeks: (Person, TermCode, IndexReader) throws -> ClassesShown
    ) async throws(CampusError) -> OverlayAnswer {
        do {
            try options.check(memberCount: max(1, Set(usernames.filter { !$0.hasPrefix("@") }.map { $0.lowercased() }).count))
        } catch {
            throw .overlay(error)
        }
        var groups = given
        for name in usernames where name.hasPrefix("@") && groups[String(name.dropFirst())] == nil {
            let group = String(name.dropFirst())
            let state = try userState()
            groups[group] = try await lookingUp { try await state.favorites(owner: owner, group: group) }
        }
        try Self.checkHeadcount(usernames: usernames, groups: groups, busyFiles: busyFiles.count, options: options)
        return try read { reader in
            try overlay(usernames: usernames, groups: groups, owner: owner, roster: roster, busyFiles: busyFiles,
                        term: term, options: options, now: now, weeks: weeks, reader)
        }
    }

    /// Refuses an overlay whose names and groups hold more people, each counted once, than
    /// `options` allows, before any of them is looked up: too many are refused at the cost of
    /// the lists, not of reading each person.
    static func checkHeadcount(usernames: [String], groups: [String: [Favorite]], busyFiles: Int = 0, options: OverlayOptions) throws(CampusError) {
        let named = usernames.filter { !$0.hasPrefix("@") }.map { $0.lowercased() }
            + usernames.filter { $0.hasPrefix("@") }.flatMap { groups[String($0.dropFirst())] ?? [] }.map { $0.username.lowercased() }
        let everyone = Set(named).count + busyFiles
        if everyone > options.maximumMembers { throw .overlay(.tooManyMembers(count: everyone, limit: options.maximumMembers)) }
    }

    /// How many unknown usernames of one overlay get close matches: a request naming hundreds
    /// of unknown people costs a few suggestion look-ups, not one each.
    static let suggestedUnknowns = 3

    private func overlay(
        usernames: [String], groups: [String: [Favorite]], owner: String, roster: String?, busyFiles: [String],
        term text: String?, options: OverlayOptions, now: Date,
        weeks: (Person, TermCode, IndexReader) throws -> ClassesShown, _ reader: IndexReader
    ) throws -> OverlayAnswer {
        let term = try requireTerm(text, reader, now: now)
        if let week = options.week, let classes = try campusDescription(reader).calendar.terms[term.code]?.classes,
           week.adding(days: 6) < classes.first || week > classes.last {
            throw CampusError.outsideTerm(
                "the week of \(week.iso) is not in \(term.name), whose classes run from \(classes.first.iso) "
                    + "to \(classes.last.iso): give a day of a week within them, or another term")
        }
        var pool = MemberPool()
        var expanded: Set<String> = []
        for name in usernames {
            if name == "@" {
                throw CampusError.invalidParameter(name: "members", detail: "'@' names no favorites group: write @ and the group's name, e.g. @study")
            }
            if name.hasPrefix("@") {
                let group = String(name.dropFirst())
                // A group named twice is read once: its people are in the pool already.
                guard expanded.insert(group).inserted else { continue }
                let members = groups[group] ?? []
                guard !members.isEmpty else { throw CampusError.emptyGroup(group: group, owner: owner) }
                for favorite in members {
                    if let person = try reader.person(favorite.username) { pool.add(person) } else { pool.leaveOut(favorite.username) }
                }
                continue
            }
            let username = name.lowercased()
            guard !pool.contains(username) else { continue }
            guard let person = try reader.person(username) else {
                let suggested = pool.unknown.count < Self.suggestedUnknowns
                pool.unknown(username, suggestions: suggested ? try reader.suggestions(for: username, limit: 3) : [])
                continue
            }
            pool.add(person)
        }
        guard pool.unknown.isEmpty else { throw CampusError.unknownPeople(pool.unknown) }
        if let roster {
            // A row of a username's holder before is not the week of the one who holds it now.
            try self.roster(roster, term: term, reader).students.filter { !$0.heldBefore }.map(\.person).forEach { pool.add($0) }
        }
        try options.check(memberCount: pool.order.count + busyFiles.count)
        var shown: [String: ClassesShown] = [:]
        for username in pool.order {
            if let person = pool.people[username] { shown[username] = try weeks(person, term.code, reader) }
        }
        var members: [OverlayMember] = []
        var notEnrolled: [String] = []
        let laidOver = pool.order.filter { shown[$0].map { $0 != .none } ?? false }
        let notShared = pool.order.filter { shown[$0].map { $0 == .none } ?? true }
        let schedules = try reader.schedules(of: laidOver.map { ($0, shown[$0] == .teaching) }, term: term.code)
        for (username, schedule) in zip(laidOver, schedules) {
            if schedule.sections.isEmpty { notEnrolled.append(username) }
            members.append(OverlayMember(id: username, busy: schedule.sections.flatMap { scheduled in
                scheduled.section.schedule.meetings.map { OverlayMember.Busy($0, dates: scheduled.section.dates(of: $0)) }
            }))
        }
        if !busyFiles.isEmpty {
            let zone = try termClock(reader).zone
            let classes = try campusDescription(reader).calendar.terms[term.code]?.classes
            for path in busyFiles {
                let member = try BusyFile(path: path).member(zone: zone, week: options.week, term: classes)
                if member.busy.isEmpty { notEnrolled.append(member.id) }
                members.append(member)
            }
        }
        let overlay = try Overlay(members: members, options: options)
        return OverlayAnswer(
            term: term, overlay: overlay, people: pool.people, notEnrolled: notEnrolled, leftOut: pool.leftOut, notShared: notShared)
    }
}

/// The people an overlay gathers: each once, in the order first named.
private struct MemberPool {
    var people: [String: Person] = [:]
    var order: [String] = []
    var leftOut: [String] = []
    var unknown: [UnknownPerson] = []

    func contains(_ username: String) -> Bool { people[username] != nil }

    mutating func add(_ person: Person) {
        guard people[person.username] == nil else { return }
        people[person.username] = person
        order.append(person.username)
    }

    mutating func leaveOut(_ username: String) {
        if !leftOut.contains(username) { leftOut.append(username) }
    }

    mutating func unknown(_ username: String, suggestions: [String]) {
        if !unknown.contains(where: { $0.username == username }) {
            unknown.append(UnknownPerson(username: username, suggestions: suggestions))
        }
    }
}
