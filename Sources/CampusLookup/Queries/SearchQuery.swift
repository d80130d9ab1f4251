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
    /// phone numbers, course ids and prefixes, rooms, title words. Sections and
    /// rooms are those of `choice`, by default the current term (or the newest
    /// the index holds). A `department` or `affiliation` filter asks for people
    /// only; with a filter the query may be empty (everyone who matches it).
    ///
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` with close matches when nothing matched.
    public func search(
        _ query: String, term choice: TermChoice?, limit: Int, department: String? = nil,
        affiliation: Affiliation? = nil, now: Date
    ) throws -> SearchAnswer {
        let store = try openIndex()
        let filtered = department != nil || affiliation != nil
        let term = filtered ? nil : try resolveTerm(choice, in: store, now: now).code
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty || filtered else {
            throw CampusError.noMatch(what: "entry", query: query, suggestions: [])
        }
        let hits = try store.search(trimmed, term: term, limit: limit, department: department,
                                    affiliation: affiliation).map { hit in
            guard case .person(let person, true) = hit else { return hit }
            return .person(try store.withAdvisorName(person), exact: true)
        }
        guard !hits.isEmpty else {
            if filtered {
                let filters = [department.map { "department '\($0)'" }, affiliation.map { "affiliation \($0.rawValue)" }]
                throw CampusError.noMatch(what: "person in " + filters.compactMap { $0 }.joined(separator: " and ") + ",",
                                          query: trimmed, suggestions: [])
            }
            throw CampusError.noMatch(what: "person, course or room", query: trimmed,
                                      suggestions: try store.suggestions(for: trimmed, limit: 5))
        }
        return SearchAnswer(query: trimmed, hits: hits)
    }
}
