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
        let found = try await lookingUp { try await state.consents(reaching: viewer, attending: attending, from: others.sorted()) }
        guard !found.isEmpty else { return .none }
        let view = view(for: caller)
        let grantors = Set(found.map(\.grantor)).filter { !view.reveals($0) }
        let hidden = try campus.read { reader in try grantors.filter { try reader.isSuppressed($0) } }
        return GivenConsents(found, shownByConsentOnly: hidden)
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
