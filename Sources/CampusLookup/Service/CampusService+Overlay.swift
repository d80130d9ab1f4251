import CampusCore
import Foundation
internal import CampusIndex

extension CampusService {
    /// `POST /v1/overlay`: the people's weeks laid over one another, for a caller who may see
    /// each of them: their whole week under the schedule rule (themselves, advisees, their
    /// students, everyone to the registrar), else only what they teach (a listing) when they are
    /// no student and take no class that term. Any other member is an error naming them and the rule.
    /// Each week shown to someone other than its person is recorded as a disclosure.
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
        let scoped = campus(for: caller)
        let answer = try await scoped.overlay(
            usernames: usernames, owner: viewer, roster: roster, term: term, options: options, now: now)
        let grants = try scoped.read { reader in try weekGrants(answer, as: caller, reader) }
        try await record(grants.compactMap { username, grant in
            grant.isSelf ? nil : Disclosure(at: now, viewer: viewer, record: .schedule, subject: username,
                                            term: answer.term.code.rawValue, rule: grant.description)
        })
        return answer
    }

    /// Why `caller` may see each member's week; throws naming the first they may not see.
    func weekGrants(_ answer: OverlayAnswer, as caller: Caller, _ reader: IndexReader) throws -> [(String, PolicyGrant)] {
        var grants: [(String, PolicyGrant)] = []
        for username in answer.overlay.members.map(\.id) {
            guard let person = answer.people[username] else { continue }
            let relations = try relate(caller, to: person, term: answer.term.code, reader)
            if let grant = policy.grant(.schedule, to: caller, relations: relations) {
                grants.append((username, grant))
                continue
            }
            let takesClasses = try reader.schedule(of: username, term: answer.term.code).sections.contains { $0.role == .student }
            guard person.affiliation != .student, !takesClasses, policy.grant(.listings, to: caller) != nil else {
                throw try forbidden(.schedule, caller, subject: "the week of \(username)")
            }
        }
        return grants
    }
}
