import ArgumentParser
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

    func validate() throws {
        try format.refuseBoth(json: global.json)
    }

    func run() async throws {
        let source = try global.source()
        let terms = try await global.lookUp(
            at: source, local: { door, _ throws(CampusError) in try door.terms(as: .operator()).map(TermListingShape.init) },
            remote: { server throws(CampusError) in try await server.terms() })
        if global.json {
            print(try AnswerJSON.text(terms))
        } else if format.csv {
            var writer = CSVWriter(header: ["code", "name", "indexed", "offered", "sections", "people", "updated"])
            for term in terms {
                writer.append([term.code, term.name, String(term.indexed), String(term.offered),
                               term.sections.map(String.init), term.people.map(String.init), term.updated])
            }
            print(writer.text, terminator: "")
        } else {
            guard !terms.isEmpty else {
                guard case .index(let door) = source else { throw CommandFailure("the campus server holds no terms yet.") }
                throw CommandFailure("the index \(door.indexURL.path) holds no terms yet: run `campus sync registrar` or `campus import FILE...`.")
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
