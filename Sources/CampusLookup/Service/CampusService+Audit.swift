import CampusCore
import Foundation

extension CampusService {
    /// `GET /v1/audit`: the record of disclosures, newest first, for whom the audit rule
    /// allows (the registrar); `limit` of them after `offset`, with how many match.
    public func disclosures(
        matching query: DisclosureQuery, limit: Int, offset: Int, as caller: Caller
    ) async throws(CampusError) -> (items: [Disclosure], total: Int) {
        _ = try requireMember(caller)
        _ = try policy.require(.audit, caller: caller, subject: "the record of disclosures")
        return try await lookingUp { try await state.disclosures(matching: query, limit: limit, offset: offset) }
    }
}

extension CampusContext {
    /// `campus audit`: the record of disclosures as this machine's user-state store holds it.
    public func disclosures(matching query: DisclosureQuery, limit: Int, offset: Int) async throws(CampusError) -> (items: [Disclosure], total: Int) {
        let state = try userState()
        return try await lookingUp { try await state.disclosures(matching: query, limit: limit, offset: offset) }
    }
}

extension CampusService {
    /// `GET /v1/me/disclosures`: who saw the caller's records, when and under which rule,
    /// newest first (34 CFR 99.32(c)): their schedule, history and shared feeds, and the
    /// rosters of the sections they were enrolled in, in the terms they were. Anyone logged
    /// in may read their own; nobody else's.
    public func myDisclosures(limit: Int, offset: Int, as caller: Caller) async throws(CampusError) -> (items: [Disclosure], total: Int) {
        let username = try requireMember(caller)
        let query = DisclosureQuery(concerning: try campus.disclosedStudent(username))
        return try await lookingUp { try await state.disclosures(matching: query, limit: limit, offset: offset) }
    }
}

extension CampusContext {
    /// `username` as the disclosures of their records name them: by username, and by each
    /// section (with its term) the index has them enrolled in, whose roster holds them.
    public func disclosedStudent(_ username: String) throws(CampusError) -> DisclosedStudent {
        let username = username.lowercased()
        let enrolled = try revealing(.person(username)).read { reader in
            try reader.history(of: username).flatMap { held in
                held.sections.filter { $0.role == .student }.map {
                    DisclosedStudent.Enrollment(section: $0.section.id.rawValue, term: held.term.rawValue)
                }
            }
        }
        return DisclosedStudent(username: username, enrolledIn: enrolled)
    }
}
