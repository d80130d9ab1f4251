import CampusCore
import CampusIndex
import Foundation

/// What the one search box found.
public struct SearchAnswer: Sendable {
    public var query: String
    public var hits: [SearchHit]
    /// The person when the query is exactly their username.
    public var exactPerson: Person? {
        guard case .person(let person, true)? = hits.first else { return nil }
        return person
    }
}

extension CampusContext {
    /// `campus search QUERY`: usernames (whole or partial), names in any order,
    /// course ids and prefixes, rooms, title words. Sections and rooms are those
    /// of `choice`, by default the current term (or the newest the index holds).
    ///
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` with close matches when nothing matched.
    public func search(_ query: String, term choice: TermChoice?, limit: Int, now: Date) throws -> SearchAnswer {
        let store = try openIndex()
        let term = try resolveTerm(choice, in: store, now: now).code
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw CampusError.noMatch(what: "entry", query: query, suggestions: [])
        }
        let hits = try store.search(trimmed, term: term, limit: limit).map { hit in
            guard case .person(let person, true) = hit else { return hit }
            return .person(try store.withAdvisorName(person), exact: true)
        }
        guard !hits.isEmpty else {
            throw CampusError.noMatch(what: "person, course or room", query: trimmed,
                                      suggestions: try store.suggestions(for: trimmed, limit: 5))
        }
        return SearchAnswer(query: trimmed, hits: hits)
    }
}
