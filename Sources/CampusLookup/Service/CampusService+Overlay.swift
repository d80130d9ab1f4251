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
    ///   - roster: a section whose students join (the caller must see its full roster).
    public func overlay(
        usernames: [String], roster: String?, term: String?, options: OverlayOptions, as caller: Caller, now: Date
    ) async throws(CampusError) -> OverlayAnswer {
        let viewer = try requireMember(caller)
        if let roster {
            let shown = try await self.roster(ofSection: roster, term: term, as: caller, now: now)
            guard shown.withheld.isEmpty || shown.withheld == withheld(from: caller, relations: .none).subtracting(.advisor) else {
                throw try forbidden(.roster, caller, subject: "the roster of \(roster) (an overlay needs every student's week)")
            }
        }
        let named = Set(usernames.filter { !$0.hasPrefix("@") }.map { $0.lowercased() })
        let consents = try await consents(to: caller, from: try await overlaid(usernames, owner: viewer))
        var grants: [String: PolicyGrant] = [:]
        var notShared: [String] = []
        var answer: OverlayAnswer
        do {
            answer = try await campus(for: caller, consents).overlay(
                usernames: usernames, owner: viewer, roster: roster, term: term, options: options, now: now
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
        })
        for username in consents.shownByConsentOnly {
            answer.people[username] = answer.people[username]?.shownByConsent
        }
        return answer
    }

    /// Everyone an overlay of `usernames` names: the people, and the members of each `@group` of `owner`'s.
    private func overlaid(_ usernames: [String], owner: String) async throws(CampusError) -> [String] {
        var people: [String] = []
        for name in Set(usernames) {
            guard name.hasPrefix("@") else {
                people.append(name)
                continue
            }
            let group = String(name.dropFirst())
            people += try await lookingUp { try await state.favorites(owner: owner, group: group) }.map(\.username)
        }
        return people
    }
}
