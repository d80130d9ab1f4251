import CampusCore
import GRDB

extension CampusIndexStore {
    /// The one search box: people, sections and rooms matching `query`, best first.
    ///
    /// - An exact username opens that person, first, flagged `exact`; an exact
    ///   section id and an exact room come next.
    /// - Then prefixes: usernames (`quin`), course ids (`CSSE4`), rooms (`O1`).
    /// - Then words in any order: names (`alex quinn`) and section titles whose
    ///   words match whole, then those whose words start with the query's
    ///   (`quinn al`, `theory comp`), each in index order.
    ///
    /// Each person, section and room appears once. Sections and rooms come from
    /// `term`, or from the newest indexed term when `term` is `nil`.
    ///
    /// ```swift
    /// try store.search("quinna", term: nil, limit: 10)  // [.person(quinna, exact: true), ...]
    /// ```
    public func search(_ query: String, term: TermCode?, limit: Int) throws(IndexError) -> [SearchHit] {
        guard limit > 0 else { return [] }
        return try read("search for \(query)") { db in
            var collector = try SearchCollector(store: self, db: db, term: term ?? newestTerm(db), limit: limit)
            try collector.collect(SearchQuery(query))
            return try collector.hits()
        }
    }
}
