internal import CampusIndex
import CampusCore
import Foundation

/// What the one search box found.
public struct SearchAnswer: Sendable {
    /// The query as read (trimmed).
    public var query: String
    /// Matches, best first.
    public var hits: [SearchHit]

    /// The most matches one search gives: far more than a person reads, few enough that
    /// what is counted from it cannot overflow.
    public static let maximumLimit = 10_000

    /// The person when the query is exactly their username.
    public var exactPerson: Person? {
        guard case .person(let person, true)? = hits.first else { return nil }
        return person
    }
}

extension CampusContext {
    /// `campus search QUERY`: usernames (whole or partial), names in any order,
    /// phone numbers, course ids and prefixes, rooms, title words, in one read of
    /// the index. Sections and rooms are those of `term`, by default the current
    /// term (or the newest the index holds); an index without terms (a directory
    /// alone) finds people. A `department` or `affiliation` filter asks for people
    /// only; with a filter the query may be empty (everyone who matches it).
    ///
    /// - Parameter limit: at most this many matches, from 1 to ``SearchAnswer/maximumLimit``.
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` with close matches when nothing
    ///   matched; ``CampusError/invalidParameter(name:detail:)`` naming `limit`.
    func search(
        _ query: String, term: String?, limit: Int, department: String? = nil, affiliation: Affiliation? = nil,
        now: Date
    ) throws(CampusError) -> SearchAnswer {
        guard (1...SearchAnswer.maximumLimit).contains(limit) else {
            throw .invalidParameter(name: "limit", detail: "\(limit) is not from 1 to \(SearchAnswer.maximumLimit)")
        }
        let text = SearchText(query)
        let filtered = department != nil || affiliation != nil
        guard !text.isEmpty || filtered else { throw .noMatch(what: "entry", query: query, suggestions: []) }
        return try read { reader in
            let code = filtered ? nil : try resolveTerm(term, reader, now: now)?.code
            let hits = try reader.search(text, term: code, limit: limit, department: department, affiliation: affiliation)
                .map { hit in
                    guard case .person(let person, true) = hit else { return hit }
                    return .person(try reader.withAdvisorName(person), exact: true)
                }
            guard !hits.isEmpty else {
                if filtered {
                    let filters = [department.map { "department '\($0)'" }, affiliation.map { "affiliation \($0.rawValue)" }]
                    throw CampusError.noMatch(
                        what: "person in " + filters.compactMap { $0 }.joined(separator: " and ") + ",",
                        query: text.trimmed, suggestions: [])
                }
                throw CampusError.noMatch(what: "person, course or room", query: text.trimmed,
                                          suggestions: try reader.suggestions(for: text, limit: 5))
            }
            return SearchAnswer(query: text.trimmed, hits: hits)
        }
    }
}
