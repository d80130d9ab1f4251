import CampusCore
import Foundation
internal import CampusIndex

extension CampusService {
    /// `POST /v1/overlay`: the people's weeks laid over one another, for a caller who may see
    /// each of them: their whole week under the schedule rule (themselves, advisees, their
    /// students, everyone to the registrar, whoever consented to show the caller theirs), else
    /// what a non-student teaches (a listing, read without a look at what they take). A student
    /// named whom the caller may not see is an error naming them and the rule, decided before
    /// any of their classes is read; one in a favorites group is named as not shared, and their
    /// times are never used. Each week shown to someone other than its person is recorded as a
    /// disclosure.
    ///
    /// - Parameters:
    ///   - usernames: people, or `@group` for one of the caller's favorites groups.
    ///   - roster: a section whose students join (the caller must see its full roster); the
    ///     operator may name a course.
    ///   - busyFiles: `.ics` files of this machine whose busy times join, each one more member:
    ///     the operator's only.
    public func overlay(
        usernames: [String], roster: String?, busyFiles: [String] = [], term: String?, options: OverlayOptions, as caller: Caller, now: Date
    ) async throws(CampusError) -> OverlayAnswer {
        let viewer = try requireMember(caller)
        if caller.isOperator {
            return try await campus(for: caller).overlay(
                usernames: usernames, owner: viewer, roster: roster, busyFiles: busyFiles, term: term, options: options, now: now)
        }
        if !busyFiles.isEmpty { try requireOperator(caller, for: "busy times from files of the server") }
        if let roster {
            let shown = try await self.roster(ofSection: roster, term: term, as: caller, now: now)
            guard shown.withheld.isEmpty || shown.withheld == withheld(from: caller, relations: .none).subtracting(.advisor) else {
                throw try forbidden(.roster, caller, subject: "the roster of \(roster) (an overlay needs every student's week)")
            }
        }
        let named = Set(usernames.filter { !$0.hasPrefix("@") }.map { $0.lowercased() })
        let kept = try await groups(in: usernames, of: viewer)
        // Before anyone's consents are read.
        try CampusContext.checkHeadcount(usernames: usernames, groups: kept, options: options)
        let consents = try await consents(to: caller, from: usernames.filter { !$0.hasPrefix("@") } + kept.values.flatMap { $0.map(\.username) })
        let groups = try shownMembers(of: kept, to: caller, consents)
        var grants: [String: PolicyGrant] = [:]
        var notShared: [String] = []
        var answer: OverlayAnswer
        do {
            answer = try await campus(for: caller, consents).overlay(
                usernames: usernames, owner: viewer, roster: roster, term: term, options: options, now: now, groups: groups
            ) { person, term, reader in
                let relations = try relate(caller, to: person, term: term, consents: consents, reader)
                if let grant = policy.grant(.schedule, to: caller, relations: relations) {
                    grants[person.username] = grant
                    return .all
                }
                if person.affiliation != .student, policy.grant(.listings, to: caller) != nil { return .teaching }
                guard !named.contains(person.username.lowercased()) else {
                    throw try forbidden(.schedule, caller, subject: "the week of \(person.username)")
                }
                notShared.append(person.username)
                return .none
            }
        } catch .overlay(.noMembers) where !notShared.isEmpty {
            throw try forbidden(.schedule, caller, subject: "the weeks of \(notShared.prefix(5).joined(separator: ", ")) (none has shared theirs with you)")
        }
        try await record(grants.sorted { $0.key < $1.key }.compactMap { username, grant in
            grant.isSelf ? nil : Disclosure(at: now, viewer: viewer, record: .schedule, subject: username,
                                            term: answer.term.code.rawValue, rule: grant.description)
        }, by: caller)
        for (username, person) in answer.people where consents.shownByConsentOnly.contains(username.lowercased()) {
            answer.people[username] = person.shownByConsent
        }
        return answer
    }

    /// `groups` less the members of a group shared with `caller` whom the caller's reads do not
    /// show (someone the directory suppresses who did not consent to them, someone the index
    /// lost): a group someone else keeps tells nothing of them, not even that they are in it.
    func shownMembers(of groups: [String: [Favorite]], to caller: Caller, _ consents: GivenConsents) throws(CampusError) -> [String: [Favorite]] {
        guard groups.keys.contains(where: { $0.contains("/") }) else { return groups }
        let scoped = campus(for: caller, consents)
        return try scoped.read { reader in
            try groups.reduce(into: [String: [Favorite]]()) { shown, group in
                shown[group.key] = group.key.contains("/") ? try group.value.filter { try reader.person($0.username) != nil } : group.value
            }
        }
    }

    /// The members of each `@group` `usernames` names: one of `viewer`'s favorites groups, or
    /// `@owner/group`, a group its owner shares with its members, `viewer` among them (its
    /// owner counted in). A group not shared with them is not found, as one unknown.
    func groups(in usernames: [String], of viewer: String) async throws(CampusError) -> [String: [Favorite]] {
        var groups: [String: [Favorite]] = [:]
        for name in Set(usernames) where name.hasPrefix("@") {
            let group = String(name.dropFirst())
            let parts = group.split(separator: "/", maxSplits: 1).map(String.init)
            guard parts.count == 2 else {
                groups[group] = try await lookingUp { try await state.favorites(owner: viewer, group: group) }
                continue
            }
            let (owner, shared) = (parts[0].lowercased(), parts[1])
            guard let given = try samePeople(try await lookingUp({ try await state.groupsShared(with: viewer) }))
                .first(where: { $0.audience == .group(owner: owner, name: shared) })
            else { throw .noMatch(what: "group shared with you", query: name, suggestions: []) }
            let members = try await lookingUp { try await state.favorites(owner: owner, group: shared) }
            groups[group] = [Favorite(owner: owner, group: shared, username: owner, addedAt: given.givenAt)] + members
        }
        return groups
    }
}
