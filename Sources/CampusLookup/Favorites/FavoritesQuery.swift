internal import CampusIndex
import CampusCore
import Foundation

extension CampusContext {
    /// `campus favorites add USER`: keeps a person the index knows in one of the owner's groups.
    ///
    /// - Parameter limits: the most groups, and people in a group, the owner may keep (none on the command line).
    /// - Returns: `false` when they were in the group already (nothing changes).
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` with close matches for an unknown username,
    ///   ``CampusError/limitReached(what:limit:advice:)`` past `limits`.
    func addFavorite(
        _ username: String, owner: String, group: String, now: Date, limits: KeepingLimits? = nil
    ) async throws(CampusError) -> Bool {
        let username = username.lowercased()
        try read { reader in _ = try reader.knownPerson(username) }
        let state = try userState()
        switch try await lookingUp({ try await state.addFavorite(username, owner: owner, group: group, now: now, limits: limits) }) {
        case .added: return true
        case .kept: return false
        case .tooManyGroups:
            throw .limitReached(what: "favorites groups", limit: limits?.groups ?? 0, advice: "add to a group you have, or empty one first")
        case .groupFull:
            throw .limitReached(what: "people in the group '\(group)'", limit: limits?.favoritesPerGroup ?? 0, advice: "remove someone first")
        }
    }

    /// `campus favorites remove USER`: `false` when they were not in the group.
    func removeFavorite(_ username: String, owner: String, group: String) async throws(CampusError) -> Bool {
        let state = try userState()
        return try await lookingUp { try await state.removeFavorite(username, owner: owner, group: group) }
    }

    /// `campus favorites clear`: empties one group, or every group when `group` is `nil`; how many went.
    func clearFavorites(owner: String, group: String?) async throws(CampusError) -> Int {
        let state = try userState()
        return try await lookingUp { try await state.clearFavorites(owner: owner, group: group) }
    }

    /// `campus favorites list`: each favorite with their classes and whereabouts, in one read of the index.
    ///
    /// People the index lost and people the directory suppresses are listed alike, without a person.
    /// - Parameter now: the present moment, read on the campus clock.
    func favoriteStatuses(owner: String, group: String?, now: Date) async throws(CampusError) -> [FavoriteStatus] {
        try favoriteStatuses(of: try await keptFavorites(owner: owner, group: group, paging: .everything).page, now: now) { _, _, _ in .all }
    }

    /// One page of the favorites `owner` keeps (one group, or all when `nil`), read as one, and
    /// how many there are in all; none, and no store made, where nobody kept anything yet.
    func keptFavorites(owner: String, group: String?, paging: Paging) async throws(CampusError) -> (page: [Favorite], total: Int) {
        // No store yet: nobody kept anything, and a list is no reason to make one (nor to fail
        // where this user may not write).
        if let file = state.file, !FileManager.default.fileExists(atPath: file.path) { return ([], 0) }
        let state = try userState()
        return try await lookingUp {
            try await state.favorites(owner: owner, group: group, offset: paging.offset, limit: min(paging.limit, Int(Int32.max)))
        }
    }

    /// The statuses of `favorites` (read already, a page of them, say), `classes` deciding, from
    /// each favorite as shown and before any of their classes is read, how much of them may be:
    /// asked first of any term (`nil`), then, when that allows all, of each term the index holds,
    /// and last of the term shown. What it costs grows with those asked about alone, however
    /// many more the owner keeps.
    func favoriteStatuses(
        of favorites: [Favorite], now: Date, classes: (Person, TermCode?, IndexReader) throws -> ClassesShown
    ) throws(CampusError) -> [FavoriteStatus] {
        guard !favorites.isEmpty else { return [] }
        return try read { reader in
            let moment = try termClock(reader).zone.localTime(secondsSince1970: now.secondsSince1970)
            let held = try reader.heldTerms().map(\.code)
            var statuses: [FavoriteStatus] = []
            for favorite in favorites {
                guard let person = try reader.person(favorite.username) else {
                    statuses.append(FavoriteStatus(favorite: favorite, person: nil, term: nil, sections: []))
                    continue
                }
                // The term shown: the current, else the newest, of the terms whose classes may all
                // be shown (a consent of one term, an instructor of another: theirs alone), else of
                // those a listing shows; decided for the term at last, as a schedule of it would be.
                var shown = try classes(person, nil, reader)
                var personal = try shown.terms(of: favorite.username, reader)
                if shown == .all, let newest = personal.first {
                    // Decided over the terms the index holds, then met with theirs: the cost tells nothing of how many they have.
                    let everyTerm = Set(try held.filter { try classes(person, $0, reader) == .all })
                    let allowed = personal.filter(everyTerm.contains)
                    if allowed.isEmpty {
                        shown = try classes(person, newest, reader)
                        personal = try shown.terms(of: favorite.username, reader)
                    } else {
                        personal = allowed
                    }
                }
                let term = personal.isEmpty ? nil : try resolveTerm(nil, reader, among: personal, now: now)
                if shown == .all, let term { shown = try classes(person, term.code, reader) }
                guard let term, shown != .none else {
                    statuses.append(FavoriteStatus(favorite: favorite, person: person, term: nil, sections: []))
                    continue
                }
                let answer = try schedule(of: person, in: term, showing: shown, reader)
                let calendar = try campusDescription(reader).calendar.terms[answer.term.code]
                statuses.append(FavoriteStatus(
                    favorite: favorite, person: answer.person, term: answer.term, sections: answer.sections,
                    whereabouts: Whereabouts(sections: answer.sections, at: moment, calendar: calendar)))
            }
            return statuses
        }
    }
}
