import CampusCore
internal import GRDB

extension IndexReader {
    /// The one search box: people, sections and rooms matching `text`, best first.
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
    /// rooms come from `term`; with `term` `nil` (an index without terms) only people
    /// are found.
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
    /// try reader.search(SearchText("quinna"), term: nil, limit: 10)  // [.person(quinna, exact: true), ...]
    /// try reader.search(SearchText(""), term: nil, limit: 50, department: "comp sci", affiliation: .faculty)
    /// ```
    public func search(
        _ text: SearchText, term: TermCode?, limit: Int, department: String? = nil, affiliation: Affiliation? = nil
    ) throws -> [SearchHit] {
        guard limit > 0 else { return [] }
        let filter = PeopleFilter(department: department, affiliation: affiliation)
        var collector = SearchCollector(reader: self, term: filter.isEmpty ? term : nil, limit: limit, filter: filter)
        if text.isEmpty, !filter.isEmpty {
            try collector.collectEveryone()
        } else {
            try collector.collect(text)
        }
        return try collector.hits()
    }
}
