import CampusCore
import Foundation

extension CampusService {
    /// `GET /v1/audit`: the record of disclosures, newest first, for whom the audit rule
    /// allows (the registrar); `limit` of them after `offset`, with how many match. Of a
    /// student (`concerning`) whose username someone else held before, from their arrival on:
    /// what was disclosed before is the record of the one before.
    public func disclosures(
        matching query: DisclosureQuery, limit: Int, offset: Int, as caller: Caller
    ) async throws(CampusError) -> (items: [Disclosure], total: Int) {
        _ = try requireMember(caller)
        _ = try policy.require(.audit, caller: caller, subject: "the record of disclosures")
        var query = query
        if let student = query.concerning?.username,
           let arrived = try campus.revealing(.everyone).read({ reader in try reader.standing(of: student).arrivedAt }) {
            query.since = max(query.since ?? arrived, arrived)
        }
        let asked = query
        return try await lookingUp { try await state.disclosures(matching: asked, limit: limit, offset: offset) }
    }
}

extension CampusService {
    /// `GET /v1/me/disclosures`: who saw the caller's records, when and under which rule,
    /// newest first (34 CFR 99.32(c)): their schedule, history and shared feeds, and the
    /// rosters of the sections they were enrolled in, in the terms they were. Anyone logged
    /// in may read their own; nobody else's. A viewer the directory does not list to the
    /// caller (a suppressed classmate who read the roster) is named ``unlistedViewer``: their
    /// name would say they exist, and are in the class. Someone who took a username another
    /// person left reads from their arrival on.
    public func myDisclosures(limit: Int, offset: Int, as caller: Caller) async throws(CampusError) -> (items: [Disclosure], total: Int) {
        let username = try requireMember(caller)
        // What was disclosed of someone who held this username before is not theirs to read.
        let arrived = try standingCaller(named: username).standing.arrivedAt
        let query = DisclosureQuery(since: arrived, concerning: try campus.disclosedStudent(username))
        var found = try await lookingUp { try await state.disclosures(matching: query, limit: limit, offset: offset) }
        let people = Set(found.items.map(\.viewer).filter { !$0.hasPrefix(Self.sharedLinkViewer) })
        let listed = try campus(for: caller).read { reader in try people.filter { try reader.person($0) != nil } }
        for index in found.items.indices {
            let viewer = found.items[index].viewer
            if !viewer.hasPrefix(Self.sharedLinkViewer), !listed.contains(viewer) { found.items[index].viewer = Self.unlistedViewer }
        }
        return found
    }

    /// The viewer of a disclosure whom the directory does not list to its subject.
    public static let unlistedViewer = "unlisted"

    /// How a disclosure names a shared link as its viewer: `share:ID`.
    public static let sharedLinkViewer = "share:"

    /// The rule of a disclosure through a link `owner` shared: `shared by valer`.
    public static func sharedLinkRule(owner: String) -> String {
        "shared by \(owner)"
    }
}

extension CampusService {
    /// `campus audit --student USER`: `username` as the disclosures of their records name them,
    /// for whom the audit rule allows.
    public func disclosedStudent(_ username: String, as caller: Caller) throws(CampusError) -> DisclosedStudent {
        _ = try requireMember(caller)
        _ = try policy.require(.audit, caller: caller, subject: "the record of disclosures")
        return try campus.disclosedStudent(username)
    }
}

extension CampusContext {
    /// `username` as the disclosures of their records name them: by username, and by each
    /// section (with its term) the index has them enrolled in, whose roster holds them.
    func disclosedStudent(_ username: String) throws(CampusError) -> DisclosedStudent {
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
