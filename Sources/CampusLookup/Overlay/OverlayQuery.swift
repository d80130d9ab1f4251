import CampusCore
import CampusIndex
import Foundation

extension CampusContext {
    /// `campus overlay USER... [--roster ID]`: the people's weeks in one term laid over one another.
    ///
    /// Usernames and the students of the roster are pooled, each person once. A person with
    /// no classes that term is kept (free all week) and named in ``OverlayAnswer/notEnrolled``.
    ///
    /// - Parameters:
    ///   - usernames: people by username (any case).
    ///   - roster: a section (`CSSE474-02`) or a course (`CSSE474`) whose students join.
    ///   - choice: `--term`; without it the current term the index holds, else the newest.
    ///   - options: days, daily window, minimum slot length and the limit on people.
    ///   - now: the present moment.
    /// - Throws: ``UnknownPeopleError`` naming every unknown username with close matches,
    ///   ``OverlayError`` (nobody, too many), ``CampusError`` (unknown term or roster).
    public func overlay(
        usernames: [String], roster: String?, term choice: TermChoice?, options: OverlayOptions, now: Date
    ) throws -> OverlayAnswer {
        let store = try openIndex()
        let term = try resolveTerm(choice, in: store, now: now)
        var people: [String: Person] = [:]
        var unknown: [(username: String, suggestions: [String])] = []
        var order: [String] = []
        for username in usernames.map({ $0.lowercased() }) where people[username] == nil {
            guard let person = try store.person(username) else {
                if !unknown.contains(where: { $0.username == username }) {
                    unknown.append((username, try store.suggestions(for: username, limit: 3)))
                }
                continue
            }
            people[username] = person
            order.append(username)
        }
        guard unknown.isEmpty else { throw UnknownPeopleError(unknown: unknown) }
        if let roster {
            for student in try self.roster(roster, term: .code(term.code), now: now).students
            where people[student.person.username] == nil {
                people[student.person.username] = student.person
                order.append(student.person.username)
            }
        }
        try options.check(memberCount: order.count)
        var members: [OverlayMember] = []
        var notEnrolled: [String] = []
        for username in order {
            let schedule = try store.schedule(of: username, term: term.code)
            if schedule.sections.isEmpty { notEnrolled.append(username) }
            members.append(OverlayMember(id: username, meetings: schedule.sections.flatMap(\.section.schedule.meetings)))
        }
        let overlay = try Overlay(members: members, options: options)
        return OverlayAnswer(term: term, overlay: overlay, people: people, notEnrolled: notEnrolled)
    }
}
