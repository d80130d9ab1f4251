import CampusCore
import CampusIndex
import Foundation

extension CampusContext {
    /// `campus favorites add USER`: keeps a person the index knows in one of the owner's groups.
    ///
    /// - Returns: `false` when they were in the group already (nothing changes).
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` with close matches for an unknown username.
    public func addFavorite(_ username: String, owner: String, group: String, now: Date) throws -> Bool {
        let store = try openIndex()
        guard try store.person(username) != nil else {
            throw CampusError.noMatch(what: "person", query: username, suggestions: try store.suggestions(for: username, limit: 5))
        }
        return try store.addFavorite(username, owner: owner, group: group, now: now)
    }

    /// `campus favorites remove USER`: `false` when they were not in the group.
    public func removeFavorite(_ username: String, owner: String, group: String) throws -> Bool {
        try openIndex().removeFavorite(username, owner: owner, group: group)
    }

    /// `campus favorites clear`: empties one group, or every group when `group` is `nil`; how many went.
    public func clearFavorites(owner: String, group: String?) throws -> Int {
        try openIndex().clearFavorites(owner: owner, group: group)
    }

    /// `campus favorites list`: each favorite with their classes and whereabouts, from the index alone.
    ///
    /// People the directory suppresses are left out; people the index lost are listed without a person.
    /// - Parameter now: the present moment, read in the campus time zone.
    public func favoriteStatuses(owner: String, group: String?, now: Date) throws -> [FavoriteStatus] {
        let store = try openIndex()
        let (day, time) = campusWeekMoment(now)
        var statuses: [FavoriteStatus] = []
        for favorite in try store.favorites(owner: owner, group: group) where try !store.isSuppressed(favorite.username) {
            guard let person = try store.person(favorite.username) else {
                statuses.append(FavoriteStatus(favorite: favorite, person: nil, term: nil, sections: []))
                continue
            }
            guard try !store.terms(for: favorite.username).isEmpty else {
                statuses.append(FavoriteStatus(favorite: favorite, person: person, term: nil, sections: []))
                continue
            }
            let answer = try schedule(of: favorite.username, term: nil, now: now)
            statuses.append(FavoriteStatus(
                favorite: favorite, person: answer.person, term: answer.term, sections: answer.sections,
                whereabouts: Whereabouts(sections: answer.sections, day: day, time: time)))
        }
        return statuses
    }

    /// The day of the week and the time of day of `now` on campus.
    func campusWeekMoment(_ now: Date) -> (day: Weekday, time: ClockTime) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: definition.timeZone) ?? .current
        let parts = calendar.dateComponents([.weekday, .hour, .minute], from: now)
        // Calendar counts Sunday as 1; Weekday counts Monday as 1.
        let day = Weekday(rawValue: ((parts.weekday ?? 2) + 5) % 7 + 1) ?? .monday
        return (day, ClockTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0) ?? ClockTime(minutes: 0)!)
    }
}
