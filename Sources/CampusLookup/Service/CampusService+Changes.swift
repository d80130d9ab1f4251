import CampusCore
import Foundation
internal import CampusIndex

extension CampusService {
    /// `GET /v1/changes`: what refreshes found changed, newest first, as much of it as the
    /// policy shows `caller`: changes to classes to whom the listings rule allows, students
    /// added and dropped to whom the roster rule allows for that section (its instructors and
    /// the registrar under ferpa-strict) and only students the directory shows them. Each
    /// section whose students are shown is recorded as a disclosure of its roster. The operator
    /// sees everything the log holds.
    ///
    /// - Parameter term: A term as every lookup takes one (`202630`, `spring 2026`, `current`), to
    ///   narrow `query` to; one the index does not hold is ``CampusError/unknownTerm(_:known:)``.
    public func changes(_ query: ChangeQuery, term: String? = nil, as caller: Caller, now: Date) async throws(CampusError) -> [FoundChanges] {
        let viewer = try requireMember(caller)
        var query = query
        if let term {
            do {
                query.term = try campus.read { reader in try campus.requireTerm(term, reader, now: now) }.code
            } catch .unknownTerm where TermCode(term) != nil {
                // A term the index no longer holds may still have its changes in the log.
                query.term = TermCode(term)
            }
        }
        let narrowed = query
        let found = try lookingUp { try campus.index().changes.found(narrowed) }
        if caller.isOperator { return found }
        let (shown, rosters, _) = try visibleChanges(found, to: caller)
        try await record(rosters.map { roster in
            Disclosure(at: now, viewer: viewer, record: .roster, subject: roster.section.rawValue,
                       term: roster.term.rawValue, rule: roster.rule)
        }, by: caller)
        return shown
    }

    /// A section whose students a change names, and the rule that let the viewer see them.
    struct DisclosedRoster: Hashable {
        var term: TermCode
        var section: SectionID
        var rule: String
    }

    /// What of `found` the policy shows `caller` now, the rosters it discloses, and the schedules
    /// of people followed it tells of; refreshes left with no change are left out. A student's own
    /// add or drop is shown, besides, where `following` shows the caller that student's schedule of
    /// its term.
    func visibleChanges(
        _ found: [FoundChanges], to caller: Caller, following: FollowedChanges = FollowedChanges()
    ) throws(CampusError) -> (found: [FoundChanges], rosters: Set<DisclosedRoster>, schedules: Set<FollowedSchedule>) {
        let listings = policy.grant(.listings, to: caller) != nil
        let directory = policy.grant(.directory, to: caller) != nil
        var rosters: Set<DisclosedRoster> = []
        var schedules: Set<FollowedSchedule> = []
        let shown = try campus(for: caller).read { reader in
            var grants: [String: PolicyGrant?] = [:]
            func rosterGrant(_ change: ClassChange) throws -> PolicyGrant? {
                guard let term = change.term, let section = change.section else { return nil }
                let key = term.rawValue + " " + section.rawValue
                if let known = grants[key] { return known }
                let grant = try self.rosterGrant(section, term: term, to: caller, reader).flatMap { $0.rule == .roster ? $0 : nil }
                grants[key] = grant
                return grant
            }
            /// `change` as the caller may see it, or `nil`.
            func shown(_ change: ClassChange) throws -> ClassChange? {
                switch change.kind {
                case .studentAdded, .studentDropped:
                    guard let person = change.person else { return nil }
                    guard let term = change.term, let section = change.section else { return nil }
                    // Their own add or drop, unless of the username's holder before them.
                    if caller.isSelf(person) { return try reader.holds(person, term: term, section: section) ? change : nil }
                    if let grant = try rosterGrant(change), try reader.person(person) != nil {
                        rosters.insert(DisclosedRoster(term: term, section: section, rule: grant.description))
                        // A row of the username's holder before: the username now names someone else.
                        return try reader.holds(person, term: term, section: section) ? change : change.namingNoStudent
                    }
                    guard following.shown[person.lowercased()]?.contains(term) == true else { return nil }
                    schedules.insert(FollowedSchedule(person: person.lowercased(), term: term))
                    return change
                case .sectionCancelled:
                    guard listings else { return nil }
                    // The instructor it names, only while the directory shows them.
                    var shown = change
                    if let person = change.person, try reader.person(person) == nil { shown.person = nil }
                    return shown
                case .contactChanged:
                    guard directory, let person = change.person, try reader.person(person) != nil else { return nil }
                    return change
                default:
                    return listings ? change : nil
                }
            }
            return try found.compactMap { refresh -> FoundChanges? in
                var refresh = refresh
                refresh.changes = try refresh.changes.compactMap { change -> ClassChange? in
                    guard let shown = try shown(change) else { return nil }
                    for person in following.through[change] ?? [] { schedules.insert(FollowedSchedule(person: person, term: change.term)) }
                    return shown
                }
                return refresh.changes.isEmpty ? nil : refresh
            }
        }
        return (shown, rosters, schedules)
    }
}
