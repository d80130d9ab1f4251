import ArgumentParser
import CampusIndex
import CampusLookup
import Foundation

/// `campus terms`: the terms the index holds.
struct TermsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "terms", abstract: "List the terms the index holds, newest first.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var format: TableFormatOptions

    func run() async throws {
        let campus = try global.campus()
        let terms: [TermSummaryView]
        do {
            terms = try campus.terms().map(TermSummaryView.init)
        } catch {
            throw CommandFailure(error)
        }
        if global.json {
            print(try JSONOutput.render(terms))
        } else if format.csv {
            var writer = CSVWriter(header: ["code", "name", "sections", "people", "updated"])
            for term in terms { writer.append([term.code, term.name, String(term.sections), String(term.people), term.updated]) }
            print(writer.text, terminator: "")
        } else {
            guard !terms.isEmpty else {
                throw CommandFailure("the index \(campus.indexURL.path) holds no terms yet: run `campus sync registrar` or `campus import FILE...`.")
            }
            var table = TextTable("CODE", "NAME", "SECTIONS", "PEOPLE", "UPDATED")
            for term in terms { table.add(term.code, term.name, String(term.sections), String(term.people), term.updated) }
            print(table.render(on: .standardOutput))
        }
    }
}

/// `{"code": "202630", "name": "Spring 2025-2026", "sections": 17, "people": 40, "updated": "2026-11-22T02:00:00Z"}`.
struct TermSummaryView: Encodable {
    let code: String
    let name: String
    let sections: Int
    let people: Int
    let updated: String

    init(_ summary: TermSummary) {
        code = summary.term.code.rawValue
        name = summary.term.name
        sections = summary.sectionCount
        people = summary.peopleCount
        updated = ISO8601DateFormatter().string(from: summary.crawledAt)
    }
}
