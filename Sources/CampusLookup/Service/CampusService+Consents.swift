import CampusCore
import Foundation
internal import CampusIndex

extension CampusService {
    /// The consents of `people` that reach `caller`: by name, by a group the caller is in now,
    /// by a section the caller attends. None when the schedule rule does not name `consent`, or
    /// (unless `evenIfShown`: a link counts consents, not roles) when the caller sees every
    /// schedule and every suppressed person without one (the registrar).
    ///
    /// What it reads costs the same whoever is asked about: the caller's own sections, then
    /// one look in the store; a suppressed grantor is read of only once their consent is found.
    func consents(to caller: Caller, from people: [String], evenIfShown: Bool = false) async throws(CampusError) -> GivenConsents {
        guard let viewer = caller.username, !caller.isOperator, policy.allowed(.schedule).contains(.consent) else { return .none }
        if !evenIfShown, policy.grant(.schedule, to: caller) != nil, view(for: caller) == .everyone { return .none }
        let others = Set(people.map { $0.lowercased() }).subtracting([viewer])
        guard !others.isEmpty else { return .none }
        let attending = try campus.read { reader in try reader.enrollments(of: viewer) }
        let found = try samePeople(try await lookingUp { try await state.consents(reaching: viewer, attending: attending, from: others.sorted()) })
        guard !found.isEmpty else { return .none }
        let view = view(for: caller)
        let grantors = Set(found.map(\.grantor)).filter { !view.reveals($0) }
        let hidden = try campus.read { reader in try grantors.filter { try reader.isSuppressed($0) } }
        return GivenConsents(found, shownByConsentOnly: hidden)
    }

    /// Those of `consents` whose people are the ones who gave and received them: a consent ends
    /// when its grantor, the person it names or the owner of the group it names leaves the
    /// directory, and a username someone else holds later inherits none of it.
    func samePeople(_ consents: [Consent]) throws(CampusError) -> [Consent] {
        guard !consents.isEmpty else { return [] }
        return try campus.revealing(.everyone).read { reader in
            var standings: [String: DirectoryStanding] = [:]
            func isSamePerson(_ username: String, since moment: Date) throws -> Bool {
                let key = username.lowercased()
                if standings[key] == nil { standings[key] = try reader.standing(of: key) }
                return standings[key]?.isSamePerson(since: moment) ?? false
            }
            return try consents.filter { consent in
                guard try isSamePerson(consent.grantor, since: consent.givenAt) else { return false }
                switch consent.audience {
                case .person(let username), .group(let username, _): return try isSamePerson(username, since: consent.givenAt)
                case .section: return true
                }
            }
        }
    }

    /// Those of `requests` whose sender and recipient are the people who sent and got them.
    func samePeople(_ requests: [ConsentRequest]) throws(CampusError) -> [ConsentRequest] {
        guard !requests.isEmpty else { return [] }
        return try campus.revealing(.everyone).read { reader in
            try requests.filter { request in
                try [request.sender, request.recipient].allSatisfy { try reader.standing(of: $0.lowercased()).isSamePerson(since: request.sentAt) }
            }
        }
    }

    /// What of `subject`'s consents reaches `caller` now, as a validator's part: the ids of those
    /// that hold (empty when none does, or the policy gives consent no say).
    public func consentTag(of subject: String, as caller: Caller) async throws(CampusError) -> String {
        try await consents(to: caller, from: [subject]).tag
    }

    /// The campus as `caller`'s lookups of schedules read it: ``campus(for:)``, and the people
    /// who consented to show them theirs although the directory suppresses them.
    func campus(for caller: Caller, _ consents: GivenConsents) -> CampusContext {
        let view = view(for: caller)
        return campus.revealing(consents.grantors.isEmpty ? view : view.revealing(consents.grantors))
    }
}
