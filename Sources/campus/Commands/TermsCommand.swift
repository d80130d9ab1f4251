import ArgumentParser
import CampusIndex
import CampusLookup
import Foundation

/// `campus terms`: the terms the index holds and the registrar offers.
struct TermsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terms",
        abstract: "List the terms the index holds and those the registrar offered at the last sync, newest first.",
        discussion: "A term that is offered but not indexed can be fetched: campus sync registrar --term CODE")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions

    func run() async throws {
        let campus = try global.campus()
        let terms: [TermListingView]
        do {
            terms = try campus.termListings().map(TermListingView.init)
        } catch {
            throw CommandFailure(error)
        }
        if global.json {
            print(try JSONOutput.render(terms))
        } else if format.csv {
            var writer = CSVWriter(header: ["code", "name", "indexed", "offered", "sections", "people", "updated"])
            for term in terms {
                writer.append([term.code, term.name, String(term.indexed), String(term.offered),
                               term.sections.map(String.init), term.people.map(String.init), term.updated])
            }
            print(writer.text, terminator: "")
        } else {
            guard !terms.isEmpty else {
                throw CommandFailure("the index \(campus.indexURL.path) holds no terms yet: run `campus sync registrar` or `campus import FILE...`.")
            }
            var table = TextTable("CODE", "NAME", "STATUS", "SECTIONS", "PEOPLE", "UPDATED")
            for term in terms {
                let status = [term.indexed ? "indexed" : nil, term.offered ? "offered" : nil].compactMap { $0 }.joined(separator: ", ")
                table.add(term.code, term.name, status, term.sections.map(String.init) ?? "—", term.people.map(String.init) ?? "—",
                          term.updated ?? "—")
            }
            print(table.render(on: .standardOutput))
        }
    }
}

/// `{"code": "202630", "name": "Spring 2025-2026", "indexed": true, "offered": true, "sections": 17, "people": 40,
/// "updated": "2026-11-22T02:00:00Z"}`; counts and `updated` are `null` for a term offered but not indexed.
struct TermListingView: Encodable {
    let code: String
    let name: String
    let indexed: Bool
    let offered: Bool
    let sections: Int?
    let people: Int?
    let updated: String?

    init(_ listing: TermListing) {
        code = listing.term.code.rawValue
        name = listing.term.name
        indexed = listing.summary != nil
        offered = listing.offered
        sections = listing.summary?.sectionCount
        people = listing.summary?.peopleCount
        updated = listing.summary.map { ISO8601DateFormatter().string(from: $0.crawledAt) }
    }

    private enum CodingKeys: String, CodingKey { case code, name, indexed, offered, sections, people, updated }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(indexed, forKey: .indexed)
        try container.encode(offered, forKey: .offered)
        try container.encode(sections, forKey: .sections)
        try container.encode(people, forKey: .people)
        try container.encode(updated, forKey: .updated)
    }
}
