import Foundation
import CampusCore

/// Reads one parsed HTML page of the family: finds its parts with the
/// definition's locators, tells its kind, and hands each table to its reader.
struct HTMLPageReader {
    let definition: RegistrarDefinition
    let document: HTMLDocument
    let source: String

    private var recognition: PageRecognition { definition.recognition }

    func read() throws(PageReadError) -> ParsedPage {
        let locators = definition.locators
        let heading = try nodes(locators.heading).first.map(\.text)
        let header = HeaderReader.fields(fromLines: try nodes(locators.header).first?.lines ?? [])
        let tables = try nodes(locators.dataTables).map(DataTable.init)
        let classified = TableSet(tables: tables, definition: definition)
        var page = ParsedPage(source: source, kind: .noMatch, heading: heading, header: header)
        page.term = try term(heading: heading)

        if let people = classified.personMatch {
            let reading = PersonMatchTableReader(columns: definition.personMatchColumns, source: source).read(people)
            page.kind = .lastNameSearch
            page.people = reading.people
            page.warnings += reading.warnings
            page.lookup = lookupValue(key: nil, header: header)
            return page
        }
        guard let family = heading.flatMap(recognition.family(ofHeading:))?.family else {
            return try pageWithoutHeading(page, tables: tables)
        }
        if tables.isEmpty, containsNoMatchText() {
            page.lookup = lookupValue(key: nil, header: header)
            return page
        }
        let keys = Set(header.map { ColumnMap<SectionColumn>.normalise($0.key) })
        guard let rule = recognition.rule(family: family, headerKeys: keys) else {
            throw .layoutChanged(
                source: source, locator: "header cell \(locators.header)",
                detail: "no recognition rule fits the header keys \(header.map(\.key)) under the heading '\(heading ?? "")'")
        }
        page.kind = rule.kind
        page.lookup = lookupValue(key: rule.lookupKey, header: header)
        try readTables(classified, into: &page)
        if page.kind == .sectionRoster, page.sections.count > 1 || page.lookup.map({ SectionID($0) == nil }) == true {
            page.kind = .courseRoster
        }
        if page.kind == .studentSchedule || page.kind == .instructorSchedule {
            page.person = person(for: page)
        }
        return page
    }

    /// The nodes a locator selects; a locator that is not valid XPath is a layout problem.
    private func nodes(_ locator: String) throws(PageReadError) -> [HTMLNode] {
        guard let found = document.nodes(matching: locator) else {
            throw .layoutChanged(source: source, locator: locator, detail: "the locator is not valid XPath")
        }
        return found
    }

    /// The term list form, a no-match page, or a page whose heading is gone.
    private func pageWithoutHeading(_ base: ParsedPage, tables: [DataTable]) throws(PageReadError) -> ParsedPage {
        var page = base
        let form = TermListReader(definition: definition)
        let terms = form.terms(try nodes(definition.locators.termSelect), warnings: &page.warnings, source: source)
        if !terms.isEmpty {
            page.kind = .termList
            page.terms = terms
            page.subjects = form.subjects(try nodes(definition.locators.subjectSelect))
            page.term = nil
            return page
        }
        if tables.isEmpty, containsNoMatchText() { return page }
        if let title = titleLookup() {
            throw .layoutChanged(
                source: source, locator: "heading \(definition.locators.heading)",
                detail: "the page is titled for '\(title)' but its heading is missing or reads '\(base.heading ?? "")'")
        }
        throw .unrecognised(source: source)
    }

    /// Reads the sections, students and grid tables, checking the page kind has the tables it needs.
    private func readTables(_ tables: TableSet, into page: inout ParsedPage) throws(PageReadError) {
        if !tables.unknown.isEmpty, tables.sections == nil {
            throw .layoutChanged(
                source: source, locator: "sections table \(definition.locators.dataTables)",
                detail: "no table has the columns \(definition.sectionColumns.missing(in: [])); headers found: \(tables.unknown.map(\.headers))")
        }
        var periods = definition.periods
        var gridPrintsPeriods = false
        if let grid = tables.grid {
            let reading = TermGridReader(afternoonHours: definition.meetings.afternoonHours, periodMinutes: definition.periods.minutes).read(grid)
            page.grid = reading.entries
            if let printed = reading.periods {
                periods = printed
                gridPrintsPeriods = true
            }
        }
        if let sections = tables.sections {
            let olderHeaders = sections.normalisedHeaders.contains(where: definition.periodEraHeaders.contains)
            let reader = SectionsTableReader(
                definition: definition, source: source,
                meetings: MeetingStringParser(grammar: definition.meetings, periods: periods),
                bareNumbers: gridPrintsPeriods || olderHeaders ? .periods : .clockHours)
            let reading = reader.read(sections)
            page.sections = reading.sections
            page.warnings += reading.warnings
        } else if page.kind != .lastNameSearch {
            page.warnings.append(ScrapeWarning(source: source, message: "the page has no sections table"))
        }
        if let roster = tables.roster {
            let reading = RosterTableReader(columns: definition.rosterColumns, idParameter: recognition.idParameter, source: source).read(roster)
            page.roster = reading.entries
            page.warnings += reading.warnings
        }
    }

    /// The term from the heading's name (`Course Schedule - Spring 2025-2026`), else from the
    /// links' term codes (the links are only searched when the heading does not name a term).
    private func term(heading: String?) throws(PageReadError) -> Term? {
        let scheme = definition.termScheme
        let printedName = heading.flatMap(recognition.family(ofHeading:))?.termName
        if let printedName, let code = scheme.code(named: printedName) { return Term(code: code, name: printedName) }
        let linkCode = try nodes(definition.locators.termLinks).lazy
            .compactMap { $0.attribute("href").flatMap { LinkParameters.value(of: self.recognition.termParameter, in: $0) } }
            .compactMap { TermCode($0) }.first
        guard let code = linkCode else { return nil }
        return Term(code: code, name: printedName.flatMap(PageText.nonEmpty) ?? scheme.name(of: code) ?? code.rawValue)
    }

    /// What was looked up: the rule's header value, else the title's.
    private func lookupValue(key: String?, header: [HeaderField]) -> String? {
        if let key, let value = header.first(where: { $0.key.lowercased() == key.lowercased() })?.value { return value }
        return titleLookup()
    }

    /// `quinna` from the title `Course Schedule for quinna`.
    private func titleLookup() -> String? {
        guard let title = document.nodes(matching: "//title")?.first?.text else { return nil }
        for prefix in recognition.titlePrefixes where title.lowercased().hasPrefix(prefix.lowercased()) {
            return PageText.nonEmpty(String(title.dropFirst(prefix.count).trimmedSpaces))
        }
        return nil
    }

    /// Whether the page's text says the lookup matched nothing.
    private func containsNoMatchText() -> Bool {
        let text = (document.nodes(matching: "/*")?.first?.text ?? "").lowercased()
        return recognition.noMatchTexts.contains { text.contains($0) }
    }

    /// The person of a schedule page, e-mail from its `mailto:` link.
    private func person(for page: ParsedPage) -> Person? {
        let email = (try? nodes(definition.locators.mailLinks))?.first?.attribute("href").map {
            String($0.dropFirst("mailto:".count).trimmedSpaces)
        }
        let affiliation: Affiliation = page.kind == .studentSchedule ? .student : .faculty
        return HeaderReader(fields: definition.headerFields)
            .person(from: page.header, affiliation: affiliation, email: email.flatMap(PageText.nonEmpty), fallbackUsername: page.lookup)
    }
}
