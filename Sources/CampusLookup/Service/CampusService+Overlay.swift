import CampusCore
import Foundation
internal import CampusIndex

extension CampusService {
    /// `POST /v1/overlay`: the people's weeks laid over one another, for a caller who may see
    /// each of them: their whole week under the schedule rule (themselves, advisees, their
    /// students, everyone to the registrar), else what a non-student teaches (a listing, read
    /// without a look at what they take). A student the caller may not see is an error naming
    /// them and the rule, decided before any of their classes is read. Each week shown to
    /// someone other than its person is recorded as a disclosure.
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
        var grants: [String: PolicyGrant] = [:]
        let answer = try await campus(for: caller).overlay(
            usernames: usernames, owner: viewer, roster: roster, term: term, options: options, now: now
        ) { person, term, reader in
            let relations = try relate(caller, to: person, term: term, reader)
            if let grant = policy.grant(.schedule, to: caller, relations: relations) {
                grants[person.username] = grant
                return .all
            }
            guard person.affiliation != .student, policy.grant(.listings, to: caller) != nil else {
                throw try forbidden(.schedule, caller, subject: "the week of \(person.username)")
            }
            return .teaching
        }
        try await record(grants.sorted { $0.key < $1.key }.compactMap { username, grant in
            grant.isSelf ? nil : Disclosure(at: now, viewer: viewer, record: .schedule, subject: username,
                                            term: answer.term.code.rawValue, rule: grant.description)
        })
        return answer
    }
}
