import CampusCore
import GRDB

extension CampusIndexStore {
    /// The one search box: people, sections and rooms matching `query`, best first.
    ///
    /// - An exact username opens that person, first, flagged `exact`; an exact
    ///   section id and an exact room come next.
    /// - Then people whose phone number ends with a query of digits (`8411`,
    ///   `877-8411`, `(812) 877-8411`, `+1 812.877.8411`).
    /// - Then prefixes: usernames (`quin`), course ids (`CSSE4`), rooms (`O1`).
    /// - Then words in any order: names (`alex quinn`, `quinn alex`) and section titles
    ///   whose words match whole, then those whose words start with the query's
    ///   (`quinn al`, `theory comp`), each in index order.
    ///
    /// People come from the registrar and the directory (staff only the directory
    /// knows too), each shown merged as by ``person(_:)``; nobody the directory
    /// suppresses is found. Each person, section and room appears once. Sections and
    /// rooms come from `term`, or from the newest indexed term when `term` is `nil`.
    ///
    /// - Parameters:
    ///   - department: Only people of this department: words each starting a word of
    ///     its name, in order, without case (`comp science`).
    ///   - affiliation: Only people of this affiliation.
    ///
    ///   With either set, only people are found, and an empty query lists everyone
    ///   they admit, by name.
    ///
    /// ```swift
    /// try store.search("quinna", term: nil, limit: 10)  // [.person(quinna, exact: true), ...]
    /// try store.search("", term: nil, limit: 50, department: "comp sci", affiliation: .faculty)
    /// ```
    public func search(
        _ query: String, term: TermCode?, limit: Int, department: String? = nil, affiliation: Affiliation? = nil
    ) throws(IndexError) -> [SearchHit] {
        guard limit > 0 else { return [] }
        let filter = PeopleFilter(department: department, affiliation: affiliation)
        let parsed = SearchQuery(query)
        return try read("search for \(query)") { db in
            var collector = try SearchCollector(
                store: self, db: db, term: filter.isEmpty ? term ?? newestTerm(db) : nil, limit: limit, filter: filter)
            if parsed.isEmpty, !filter.isEmpty {
                try collector.collectEveryone()
            } else {
                try collector.collect(parsed)
            }
            return try collector.hits()
        }
    }
}
