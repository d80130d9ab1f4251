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
        let headingText = try nodes(locators.heading).first.map(\.text)
        let header = HeaderReader.fields(fromLines: try nodes(locators.header).first?.lines ?? [])
        let tables = TableSet(tables: try nodes(locators.dataTables).map(DataTable.init), definition: definition)
        var page = ParsedPage(source: source, kind: .noMatch, heading: headingText, header: header)
        let heading = headingText.flatMap(recognition.heading)
        page.term = try term(heading: heading)

        guard let heading else { return try pageWithoutHeading(page, tables: tables) }
        if tables.isEmpty, containsNoMatchText() {
            page.lookup = lookupValue(key: nil, heading: heading, header: header)
            return page
        }
        let rule = try kindRule(heading: heading, header: header)
        page.kind = rule.kind
        page.lookup = lookupValue(key: rule.lookupKey, heading: heading, header: header)
        try readTables(tables, into: &page)
        if page.kind == .sectionRoster { page.kind = rosterKind(of: page) }
        if page.kind == .joinedRoster, !page.roster.isEmpty, page.joinedRosterSection == nil {
            page.warnings.append(ScrapeWarning(
                source: source,
                message: "the roster of \(page.lookup ?? "") does not say which section each of its \(page.roster.count) students is in: "
                    + "they are read as people, their enrolments left to their own schedules"))
        }
        if page.kind == .studentSchedule || page.kind == .instructorSchedule {
            page.person = person(for: page)
        }
        return page
    }

    /// The one rule the heading's family and the header's keys fit.
    private func kindRule(heading: PageRecognition.Heading, header: [HeaderField]) throws(PageReadError) -> PageRecognition.KindRule {
        let keys = Set(header.map { ColumnMap<SectionColumn>.normalise($0.key) })
        switch recognition.match(family: heading.family, headerKeys: keys) {
        case .rule(let rule):
            return rule
        case .ambiguous(let rules):
            let fits = rules.map { "\($0.kind.rawValue) by \($0.headerKeys.filter(keys.contains))" }.joined(separator: ", ")
            throw .ambiguous(
                source: source, kinds: rules.map(\.kind),
                detail: "under a \(heading.family.rawValue) heading its header keys \(header.map(\.key)) fit \(fits)")
        case .none:
            throw .layoutChanged(
                source: source, locator: "header cell \(definition.locators.header)",
                detail: "no recognition rule of the \(heading.family.rawValue) headings fits the header keys \(header.map(\.key))")
        }
    }

    /// A section roster's own kind: one whose id joins several sections (`CSSE491-06|CSSE290-09`)
    /// is a joined roster; one naming a whole course, or listing several sections, a course roster.
    private func rosterKind(of page: ParsedPage) -> PageKind {
        let ids = page.lookup?.components(separatedBy: recognition.joinedSectionSeparator) ?? []
        if ids.count > 1, ids.allSatisfy({ SectionID($0.trimmingCharacters(in: .whitespaces)) != nil }) { return .joinedRoster }
        if page.sections.count > 1 || page.lookup.map({ SectionID($0) == nil }) == true { return .courseRoster }
        return .sectionRoster
    }

    /// The nodes a locator selects; a locator that is not valid XPath is a layout problem.
    private func nodes(_ locator: String) throws(PageReadError) -> [HTMLNode] {
        guard let found = document.nodes(matching: locator) else {
            throw .layoutChanged(source: source, locator: locator, detail: "the locator is not valid XPath")
        }
        return found
    }

    /// The term list form, a no-match page, a Person Match told by its table alone, or a page
    /// whose heading is gone.
    private func pageWithoutHeading(_ base: ParsedPage, tables: TableSet) throws(PageReadError) -> ParsedPage {
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
        if let people = tables.personMatch(definition) {
            if tables.students(definition) != nil {
                throw .ambiguous(
                    source: source, kinds: [.lastNameSearch, .sectionRoster],
                    detail: "it has no heading, and its table of people \(people.headers) fits both a Person Match and a roster's students")
            }
            page.kind = .lastNameSearch
            page.lookup = lookupValue(key: nil, heading: nil, header: page.header)
            readPersonMatch(people, into: &page)
            return page
        }
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
        switch page.kind {
        case .sectionRoster:
            try readStudents(tables, into: &page)
        case .lastNameSearch:
            guard let people = tables.personMatch(definition) else {
                try requireNoOtherPeople(tables, table: "Person Match", columns: definition.personMatchColumns.missing(in: []))
                page.warnings.append(ScrapeWarning(source: source, message: "the page has no Person Match table: read as matching nobody"))
                return
            }
            readPersonMatch(people, into: &page)
        default:
            break
        }
    }

    /// A roster's students table; a roster whose page has none lists nobody, with a warning.
    private func readStudents(_ tables: TableSet, into page: inout ParsedPage) throws(PageReadError) {
        guard let students = tables.students(definition) else {
            try requireNoOtherPeople(tables, table: "students", columns: definition.rosterColumns.missing(in: []))
            page.warnings.append(ScrapeWarning(source: source, message: "the page has no students table: read as a roster of nobody"))
            return
        }
        let reading = RosterTableReader(columns: definition.rosterColumns, idParameter: recognition.idParameter, source: source).read(students)
        page.roster = reading.entries
        page.warnings += reading.warnings
    }

    /// A page whose kind needs one sort of people table but holds another: its layout changed.
    private func requireNoOtherPeople(_ tables: TableSet, table: String, columns: [String]) throws(PageReadError) {
        guard let other = tables.people.first else { return }
        throw .layoutChanged(
            source: source, locator: "\(table) table \(definition.locators.dataTables)",
            detail: "the page's table of people has the headers \(other.headers), without the \(table) columns \(columns)")
    }

    private func readPersonMatch(_ table: DataTable, into page: inout ParsedPage) {
        let reading = PersonMatchTableReader(
            columns: definition.personMatchColumns, idParameter: recognition.idParameter, source: source).read(table)
        page.people = reading.people
        page.warnings += reading.warnings
    }

    /// The term from the heading's name (`Course Schedule - Spring 2025-2026`), else from the
    /// links' term codes (the links are only searched when the heading does not name a term).
    private func term(heading: PageRecognition.Heading?) throws(PageReadError) -> Term? {
        let scheme = definition.termScheme
        let printedName = heading?.termName
        if let printedName, let code = scheme.code(named: printedName) { return Term(code: code, name: printedName) }
        let linkCode = try nodes(definition.locators.termLinks).lazy
            .compactMap { $0.attribute("href").flatMap { LinkParameters.value(of: self.recognition.termParameter, in: $0) } }
            .compactMap { TermCode($0) }.first
        guard let code = linkCode else { return nil }
        return Term(code: code, name: printedName.flatMap(PageText.nonEmpty) ?? scheme.name(of: code) ?? code.rawValue)
    }

    /// What was looked up: the rule's header value, else the heading's id, else the title's.
    private func lookupValue(key: String?, heading: PageRecognition.Heading?, header: [HeaderField]) -> String? {
        if let key, let value = header.first(where: { $0.key.lowercased() == key.lowercased() })?.value { return value }
        if let id = heading?.id.flatMap(PageText.nonEmpty) { return id }
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
