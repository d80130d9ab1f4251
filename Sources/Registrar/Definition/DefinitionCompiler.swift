import CampusCore
import Foundation

/// Checks a decoded definition file and compiles it into a ``RegistrarDefinition``.
///
/// Every problem is reported with the file and the dotted key it concerns.
struct DefinitionCompiler {
    let source: DefinitionSource
    var file: String { source.file }

    /// The line of `key` in the file (`0` where the file does not have it).
    func line(of key: String) -> Int { source.line(of: key) ?? 0 }

    func compile(_ raw: DefinitionFile) throws(DefinitionError) -> RegistrarDefinition {
        guard TimeZone(identifier: raw.timeZone) != nil else {
            throw invalid("timeZone", "'\(raw.timeZone)' is not an IANA time zone such as America/Indiana/Indianapolis")
        }
        let afternoon = try afternoonHours(raw.clock.afternoonHours)
        let grammar = try meetingGrammar(raw.meetings, afternoon: afternoon)
        return RegistrarDefinition(
            name: raw.name, termScheme: try termScheme(raw.termScheme),
            subjects: raw.subjects, periods: try periods(raw.periods, afternoon: afternoon),
            calendar: try calendar(raw.calendar, timeZone: raw.timeZone),
            requests: try raw.http.map { (kind, request) throws(DefinitionError) in try requestTemplate(request, kind: kind) },
            savedPages: try raw.savedPages.map { (kind, text) throws(DefinitionError) in try savedPage(text, kind: kind) },
            locators: try locators(raw.locators),
            recognition: try recognition(raw.recognition),
            headerFields: try fields(raw.headerFields, key: "headerFields"),
            sectionColumns: try columns(raw.tables.sections, key: "tables.sections"),
            rosterColumns: try columns(raw.tables.roster, key: "tables.roster"),
            personMatchColumns: try columns(raw.tables.personMatch, key: "tables.personMatch"),
            gridMarker: ColumnMap<SectionColumn>.normalise(raw.tables.gridMarker),
            rosterCSV: try rosterCSV(raw.rosterCSV),
            instructors: InstructorRules(
                nobody: Set(raw.instructors.nobody.map { $0.lowercased() }),
                separators: try characters(raw.instructors.separators, key: "instructors.separators")),
            meetings: grammar,
            periodEraHeaders: Set(raw.periods.olderHeaders.map(ColumnMap<SectionColumn>.normalise)))
    }

    func invalid(_ key: String, _ problem: String) -> DefinitionError {
        .invalidValue(file: file, key: key, problem: problem)
    }

    private func locators(_ raw: PageLocators) throws(DefinitionError) -> PageLocators {
        let named: [(String, String)] = [
            ("heading", raw.heading), ("header", raw.header), ("dataTables", raw.dataTables), ("termSelect", raw.termSelect),
            ("subjectSelect", raw.subjectSelect), ("mailLinks", raw.mailLinks), ("termLinks", raw.termLinks),
        ]
        for (key, expression) in named where !HTMLDocument.isValidXPath(expression) {
            throw invalid("locators.\(key)", "'\(expression)' is not valid XPath")
        }
        return raw
    }

    private func termScheme(_ raw: DefinitionFile.Scheme) throws(DefinitionError) -> TermScheme {
        guard !raw.seasons.isEmpty else { throw invalid("termScheme.seasons", "list at least one season") }
        for (index, season) in raw.seasons.enumerated() {
            guard season.code.count == 2, season.code.allSatisfy(\.isNumber) else {
                throw invalid("termScheme.seasons[\(index)].code", "'\(season.code)' is not two digits such as \"10\"")
            }
            guard (1...12).contains(season.startMonth) else {
                throw invalid("termScheme.seasons[\(index)].startMonth", "\(season.startMonth) is not a month 1-12")
            }
        }
        return TermScheme(seasons: raw.seasons)
    }

    private func template(_ text: String, key: String) throws(DefinitionError) -> PlaceholderTemplate {
        switch PlaceholderTemplate.parse(text) {
        case .success(let template): return template
        case .failure(let problem): throw invalid(key, problem.message)
        }
    }

    private func requestTemplate(_ raw: DefinitionFile.Request, kind: LookupKind) throws(DefinitionError) -> RequestTemplate {
        let key = "http.\(kind.rawValue)"
        let method = raw.method.uppercased()
        guard method == "GET" || method == "POST" else { throw invalid("\(key).method", "'\(raw.method)' is neither GET nor POST") }
        guard raw.path.hasPrefix("/") else { throw invalid("\(key).path", "'\(raw.path)' must start with /") }
        let query = try pairs(raw.query, key: "\(key).query")
        let body = try raw.body.map { (text) throws(DefinitionError) in try pairs(text, key: "\(key).body") }
        let usesID = (query + (body ?? [])).contains { $0.value.uses(.id) }
        if kind != .termList, !usesID { throw invalid(key, "the \(kind.rawValue) request must carry {id} in its query or body") }
        return RequestTemplate(method: method, path: raw.path, query: query, body: body)
    }

    private func pairs(_ text: String, key: String) throws(DefinitionError) -> [(name: String, value: PlaceholderTemplate)] {
        var result: [(name: String, value: PlaceholderTemplate)] = []
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty else { throw invalid(key, "'\(pair)' is not name=value") }
            result.append((String(parts[0]), try template(String(parts[1]), key: key)))
        }
        return result
    }

    private func savedPage(_ text: String, kind: LookupKind) throws(DefinitionError) -> PlaceholderTemplate {
        let key = "savedPages.\(kind.rawValue)"
        let parsed = try template(text, key: key)
        let needsPlaceholders = kind != .termList
        guard parsed.uses(.term) == needsPlaceholders, parsed.uses(.id) == needsPlaceholders else {
            throw invalid(key, needsPlaceholders ? "'\(text)' must use both {term} and {id}" : "'\(text)' must use no placeholder")
        }
        return parsed
    }

    private func recognition(_ raw: DefinitionFile.Recognition) throws(DefinitionError) -> PageRecognition {
        let familyNames = PageRecognition.HeadingFamily.allCases.map(\.rawValue).joined(separator: ", ")
        var headings: [(family: PageRecognition.HeadingFamily, template: PlaceholderTemplate)] = []
        for name in raw.headings.keys.sorted() {
            let key = "recognition.headings.\(name)"
            guard let family = PageRecognition.HeadingFamily(rawValue: name) else {
                throw invalid(key, "'\(name)' is not a heading family (\(familyNames))")
            }
            for text in raw.headings[name] ?? [] {
                let parsed = try template(text, key: key)
                guard parsed.uses(.term) || parsed.uses(.id) else { throw invalid(key, "'\(text)' must contain {term} or {id}") }
                headings.append((family, parsed))
            }
        }
        guard !raw.joinedSectionSeparator.isEmpty else {
            throw invalid("recognition.joinedSectionSeparator", "give the text between joined section ids, such as \"|\"")
        }
        var rules: [PageRecognition.KindRule] = []
        for (index, rule) in raw.kinds.enumerated() {
            guard let kind = PageKind(rawValue: rule.kind) else {
                throw invalid("recognition.kinds[\(index)].kind", "'\(rule.kind)' is not a page kind (\(PageKind.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let family = PageRecognition.HeadingFamily(rawValue: rule.heading) else {
                throw invalid("recognition.kinds[\(index)].heading", "'\(rule.heading)' is not a heading family (\(familyNames))")
            }
            guard headings.contains(where: { $0.family == family }) else {
                throw invalid("recognition.kinds[\(index)].heading", "no heading of the family '\(rule.heading)' is given under recognition.headings")
            }
            rules.append(.init(kind: kind, family: family, headerKeys: rule.headerKeys.map(ColumnMap<SectionColumn>.normalise),
                               isFallback: rule.fallback ?? false, lookupKey: rule.lookupKey))
        }
        return PageRecognition(
            headings: headings, titlePrefixes: raw.titlePrefixes,
            termParameter: raw.termParameter, idParameter: raw.idParameter,
            joinedSectionSeparator: raw.joinedSectionSeparator,
            noMatchTexts: raw.noMatchTexts.map { $0.lowercased() }, kinds: rules)
    }
}
