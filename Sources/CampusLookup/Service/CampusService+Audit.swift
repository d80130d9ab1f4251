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
