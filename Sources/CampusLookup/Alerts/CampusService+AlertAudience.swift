import CampusCore
import Foundation
internal import CampusIndex

/// A person whose schedule of a term an alert tells of because its recipient follows them.
struct FollowedSchedule: Hashable {
    var person: String
    var term: TermCode?
}

/// What following people shows a caller of the changes: the terms of each followed person's
/// schedule the policy shows them, and, of each change let in only because they follow someone,
/// whose schedule it tells of (as the change log holds it, before the policy trims it).
struct FollowedChanges {
    var shown: [String: Set<TermCode>] = [:]
    var through: [ClassChange: Set<String>] = [:]
}

/// The students and instructors of a section, by username.
typealias SectionAttendance = (students: [String], instructors: [String])

extension CampusService {
    /// Whom each of `fresh`'s changes concerns, by username, with the tokens of the refreshes that
    /// concern them: the students and instructors of each section changed (classmates are not told
    /// who joined or left: the student is, and the section's instructors), a dropped student, the
    /// instructor of a cancelled section, whoever follows the section or a room it left, entered
    /// or meets in, and whoever follows one of the people it concerns.
    ///
    /// Nothing is checked against the policy here: that happens when each alert is sent.
    func recipients(of fresh: [FoundChanges]) async throws(CampusError) -> [String: Set<String>] {
        let sections = Set(fresh.flatMap { $0.changes.compactMap(\.followedSection) })
        let attendance = try campus.revealing(.everyone).read { reader in
            try Dictionary(uniqueKeysWithValues: sections.map { ($0, try reader.sectionPeople($0.section, term: $0.term)) })
        }
        // Whether each person a change names (an add, a drop) is the holder of their username then.
        let named = fresh.flatMap { $0.changes.compactMap { change in change.person.flatMap { person in change.followedSection.map { (person.lowercased(), $0) } } } }
        let heldBy = try campus.read { reader in
            try Dictionary(named.map { (Self.heldKey($0.0, $0.1), try reader.holds($0.0, term: $0.1.term, section: $0.1.section)) },
                           uniquingKeysWith: { first, _ in first })
        }
        var involved = Set(attendance.values.flatMap { $0.students + $0.instructors })
        involved.formUnion(named.filter { heldBy[Self.heldKey($0.0, $0.1)] ?? true }.map(\.0))
        let rooms = Set(fresh.flatMap { $0.changes.flatMap(\.rooms) })
        let followers = try await lookingUp {
            try await state.followers(of: Array(sections), rooms: Array(rooms), people: Array(involved))
        }
        var concerned: [String: Set<String>] = [:]
        for refresh in fresh {
            for change in refresh.changes {
                guard let section = change.followedSection else { continue }
                let attending = attendance[section] ?? ([], [])
                var told = Set(attending.instructors).union(followers.sections[section] ?? [])
                for room in change.rooms { told.formUnion(followers.rooms[room] ?? []) }
                var subjects: Set<String> = []
                if !change.kind.namesStudent {
                    told.formUnion(attending.students)
                    subjects = Set(attending.students + attending.instructors)
                }
                if let person = change.person?.lowercased(), heldBy[Self.heldKey(person, section)] ?? true {
                    told.insert(person)
                    subjects.insert(person)
                }
                for subject in subjects { told.formUnion(followers.people[subject] ?? []) }
                for username in told { concerned[username, default: []].insert(refresh.token) }
            }
        }
        return concerned
    }

    /// The key of whether `person` held their username's row in `section`.
    private static func heldKey(_ person: String, _ section: FollowedSection) -> String {
        person + " " + section.term.rawValue + " " + section.section.rawValue
    }

    /// The terms of `people`'s schedules (of those in `terms`) that the schedule rule shows `caller`
    /// now, with the grant that shows each: by consent, as their advisor or instructor, as the
    /// registrar. Those unknown, or suppressed without consent, show nothing.
    func followedSchedules(_ people: [String], terms: Set<TermCode>, as caller: Caller) async throws(CampusError) -> [String: [TermCode: PolicyGrant]] {
        guard !people.isEmpty, !terms.isEmpty else { return [:] }
        let consents = try await consents(to: caller, from: people)
        let scoped = campus(for: caller, consents)
        return try scoped.read { reader in
            var grants: [String: [TermCode: PolicyGrant]] = [:]
            for person in people {
                guard let subject = try reader.policySubject(person) else { continue }
                for term in terms {
                    let relations = try relate(caller, to: subject, term: term, consents: consents, reader)
                    guard let grant = policy.grant(.schedule, to: caller, relations: relations), !grant.isSelf else { continue }
                    grants[person.lowercased(), default: [:]][term] = grant
                }
            }
            return grants
        }
    }

    /// The changes in `found` that concern `username` now: to sections they attend, teach or
    /// follow, or that meet in a room they follow; their own adds and drops; a cancelled section
    /// they taught or were dropped from; others' adds and drops only in sections they teach (the
    /// policy then decides whether they may see them). And the changes to the schedules of people
    /// they follow, of the terms `schedules` shows them: `through` names, of each change let in
    /// only so, whose schedule it tells of.
    func concerning(
        _ found: [FoundChanges], username: String, preferences: AlertPreferences, schedules: [String: [TermCode: PolicyGrant]]
    ) throws(CampusError) -> (found: [FoundChanges], through: [ClassChange: Set<String>]) {
        let following = Set(preferences.sections)
        let rooms = Set(preferences.rooms.map { $0.uppercased() })
        let friends = Set(preferences.people.map { $0.lowercased() })
        return try campus.revealing(.everyone).read { reader in
            var attendance: [FollowedSection: SectionAttendance] = [:]
            var through: [ClassChange: Set<String>] = [:]
            let shown = try found.map { refresh in
                var refresh = refresh
                var dropped: [SectionID: Set<String>] = [:]
                for change in refresh.changes where change.kind == .studentDropped {
                    if let section = change.section, let person = change.person { dropped[section, default: []].insert(person.lowercased()) }
                }
                refresh.changes = try refresh.changes.filter { change in
                    // Their own add or drop, unless of the username's holder before them.
                    if change.person?.lowercased() == username { return try change.followedSection.map { try reader.holds(username, term: $0.term, section: $0.section) } ?? true }
                    guard let section = change.followedSection else { return false }
                    if attendance[section] == nil { attendance[section] = try reader.sectionPeople(section.section, term: section.term) }
                    let attending = attendance[section] ?? ([], [])
                    let teaches = attending.instructors.contains(username)
                    // Whose schedules the change is about. A cancelled section has no class list
                    // left: its students are those it dropped.
                    var whose: Set<String>
                    switch change.kind {
                    case .studentAdded, .studentDropped: whose = []
                    case .sectionCancelled: whose = dropped[section.section] ?? []
                    default: whose = Set(attending.students + attending.instructors)
                    }
                    if let person = change.person, try reader.holds(person, term: section.term, section: section.section) {
                        whose.insert(person.lowercased())
                    }
                    if change.kind.namesStudent, teaches { return true }
                    if !change.kind.namesStudent {
                        if teaches || whose.contains(username) || following.contains(section) || !rooms.isDisjoint(with: change.rooms) {
                            return true
                        }
                    }
                    let shownFriends = whose.intersection(friends).filter { schedules[$0]?[section.term] != nil }
                    guard !shownFriends.isEmpty else { return false }
                    through[change, default: []].formUnion(shownFriends)
                    return true
                }
                // A row of a username's holder before (told to its instructors): the username now names someone else.
                refresh.changes = try refresh.changes.map { change in
                    guard change.kind.namesStudent, let person = change.person, let section = change.followedSection,
                          try !reader.holds(person, term: section.term, section: section.section)
                    else { return change }
                    return change.namingNoStudent
                }
                return refresh
            }
            return (shown, through)
        }
    }
}

extension ClassChange {
    /// The section and term it changed; `nil` for a contact change.
    var followedSection: FollowedSection? {
        guard let term, let section else { return nil }
        return FollowedSection(section: section, term: term)
    }
}
