import CampusCore
import Foundation
internal import CampusIndex

/// `GET /v1/me`: the one-tap "my schedule": who I am, this term's classes, where to be now and next.
public struct MeAnswer: Sendable {
    public var contact: ContactAnswer
    /// The caller's roles.
    public var roles: Set<String>
    /// Their classes in the term asked (by default the current one); `nil` with no classes in any indexed term.
    public var schedule: ScheduleAnswer?
    /// Where they are now or next by that schedule.
    public var whereabouts: Whereabouts?
    /// Their sections meeting today, campus time, in order.
    public var today: [ScheduledSection]
    /// Today's day of the week on the campus clock.
    public var weekday: Weekday
    /// Why no class of the term meets today (a break, a day outside its classes), when none does.
    public var noClassesToday: NoClasses? = nil
}

extension CampusService {
    /// `GET /v1/me`: the caller's own card and week. Suppressed callers see themselves.
    public func me(term: String?, as caller: Caller, now: Date) throws(CampusError) -> MeAnswer {
        let username = try requireMember(caller)
        let own = campus.revealing(.person(username))
        return try own.read { reader in
            let contact = try own.contact(of: username, includePhoto: false, reader)
            let moment = try own.termClock(reader).zone.localTime(secondsSince1970: now.secondsSince1970)
            let hasClasses = try !reader.terms(for: username).isEmpty
            guard term != nil || hasClasses else {
                return MeAnswer(contact: contact, roles: caller.roles, schedule: nil, whereabouts: nil, today: [], weekday: moment.weekday)
            }
            let schedule = try own.schedule(of: username, term: term, now: now, reader)
            let calendar = try own.campusDescription(reader).calendar.terms[schedule.term.code]
            let noClassesToday = calendar?.noClasses(on: moment.date)
            let today = schedule.sections
                .filter { scheduled in
                    noClassesToday == nil && scheduled.section.schedule.meetings.contains { meeting in
                        meeting.days.contains(moment.weekday) && (scheduled.section.dates(of: meeting)?.contains(moment.date) ?? true)
                    }
                }
                .sorted { first, second in
                    let start = { (scheduled: ScheduledSection) in
                        scheduled.section.schedule.meetings.filter { $0.days.contains(moment.weekday) }.map(\.start.minutes).min() ?? 0
                    }
                    return start(first) < start(second)
                }
            return MeAnswer(
                contact: contact, roles: caller.roles, schedule: schedule,
                whereabouts: Whereabouts(sections: schedule.sections, at: moment, calendar: calendar), today: today,
                weekday: moment.weekday, noClassesToday: noClassesToday)
        }
    }

    /// `GET /v1/me/favorites`: one page of the caller's favorites by group; each one's classes and
    /// whereabouts only where the schedule rule lets the caller see them (recorded; a consent
    /// revoked hides them at once), else what
    /// they teach; their facts withheld as everywhere else. Someone the directory suppresses is
    /// listed as one the index lost: by the username kept, with no person.
    /// The operator's are not limited to a page of 50, and a list makes no store where there is none.
    ///
    /// Only the page's favorites are looked up (their consents, classes and disclosures): what a
    /// page costs does not grow with how many the caller keeps, and a page holds at most
    /// ``FavoritesPage/mostPerPage``.
    public func favorites(
        group: String?, paging: Paging = .everything, as caller: Caller, now: Date
    ) async throws(CampusError) -> Shown<FavoritesPage> {
        let owner = try requireMember(caller)
        // Each favorite is a schedule looked up: a page holds at most so many (the operator's list is whole).
        var paging = paging
        if !caller.isOperator { paging.limit = min(paging.limit, FavoritesPage.mostPerPage) }
        let (page, total) = try await campus.keptFavorites(owner: owner, group: group, paging: paging)
        if caller.isOperator {
            let statuses = try campus.favoriteStatuses(of: page, now: now) { _, _, _ in .all }
            return Shown(FavoritesPage(statuses: statuses, total: total, paging: paging))
        }
        let consents = try await consents(to: caller, from: page.map(\.username))
        let scoped = campus(for: caller, consents)
        var withheldOf: [String: PersonFields] = [:]
        var grants: [String: PolicyGrant] = [:]
        let statuses = try scoped.favoriteStatuses(of: page, now: now) { person, term, reader in
            let relations = try relate(caller, to: person, term: term, consents: consents, reader)
            let username = person.username.lowercased()
            if term == nil { withheldOf[username] = withheld(from: caller, relations: relations) }
            grants[username] = policy.grant(.schedule, to: caller, relations: relations)
            return classesShown(to: caller, relations: relations)
        }
        let disclosed = statuses.compactMap { status -> Disclosure? in
            guard let person = status.person, !status.sections.isEmpty,
                  let grant = grants[person.username.lowercased()], !grant.isSelf else { return nil }
            return Disclosure(at: now, viewer: owner, record: .schedule, subject: person.username,
                              term: status.term?.code.rawValue, rule: grant.description)
        }
        try await record(disclosed, by: caller)
        let shown = statuses.map { status in
            guard let person = status.person, consents.shownByConsentOnly.contains(person.username.lowercased()) else { return status }
            var told = status
            told.person = person.shownByConsent
            withheldOf[person.username.lowercased()] = .all
            return told
        }
        return Shown(FavoritesPage(statuses: shown, total: total, paging: paging),
                     withheld: withheld(from: caller, relations: .none), withheldOf: withheldOf)
    }

    /// The caller's favorites as kept (who, in which group), without looking anyone up: for a
    /// page's group picker or "in your favorites" mark, disclosing nothing.
    public func keptFavorites(as caller: Caller) async throws(CampusError) -> [Favorite] {
        let owner = try requireMember(caller)
        return try await lookingUp { try await state.favorites(owner: owner, group: nil) }
    }

    /// `PUT /v1/me/favorites/{username}`: keeps a person the caller may see; `false` when kept already.
    /// One person keeps at most `groups-per-person` groups of at most `favorites-per-group` people;
    /// the operator, any number.
    public func addFavorite(_ username: String, group: String, as caller: Caller, now: Date) async throws(CampusError) -> Bool {
        let owner = try requireMember(caller)
        if caller.isOperator { return try await campus.addFavorite(username, owner: owner, group: group, now: now) }
        _ = try policy.require(.directory, caller: caller, subject: "people")
        try Self.checkGroupName(group)
        return try await campus(for: caller).addFavorite(username, owner: owner, group: group, now: now, limits: configuration.limits)
    }

    /// `DELETE /v1/me/favorites/{username}`: `false` when they were not in the group.
    public func removeFavorite(_ username: String, group: String, as caller: Caller) async throws(CampusError) -> Bool {
        let owner = try requireMember(caller)
        return try await campus.removeFavorite(username, owner: owner, group: group)
    }

    /// `DELETE /v1/me/favorites`: empties a group, or every group; how many went.
    public func clearFavorites(group: String?, as caller: Caller) async throws(CampusError) -> Int {
        let owner = try requireMember(caller)
        return try await campus.clearFavorites(owner: owner, group: group)
    }

    /// A group as an overlay names it: one of the caller's (``checkGroupName(_:)``), or
    /// `owner/group`, a group shared with them.
    public static func checkGroupReference(_ reference: String) throws(CampusError) {
        let parts = reference.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { return try checkGroupName(reference) }
        guard (1...64).contains(parts[0].unicodeScalars.count),
              parts[0].unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) })
        else {
            throw .invalidParameter(name: "group", detail: "'\(reference)' is not a group shared with you: write its owner's username, /, and its name")
        }
        try checkGroupName(parts[1])
    }

    /// Group names are 1 to 40 letters, digits and `._-`.
    public static func checkGroupName(_ group: String) throws(CampusError) {
        guard !group.isEmpty, group.unicodeScalars.count <= 40,
              group.unicodeScalars.allSatisfy({ $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0)) })
        else {
            throw .invalidParameter(name: "group", detail: "'\(group)' is not a group name: 1 to 40 letters, digits, '.', '_' or '-'")
        }
    }
}
