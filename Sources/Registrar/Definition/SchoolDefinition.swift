import CampusCore
import Foundation

/// A school's definition file (`scrapers/*.yaml`), of any family: the family it names,
/// its particulars, and the reader of its pages.
///
/// ```swift
/// let school = try SchoolDefinition.load(contentsOf: URL(filePath: "scrapers/thompson-rivers.yaml"))
/// let page = try school.reader.read(bytes, source: "tru-201820-COMP.json")
/// ```
public struct SchoolDefinition: Sendable {
    public let family: RegistrarFamily
    /// The name shown to people.
    public let name: String
    /// The campus time zone (an IANA name).
    public let timeZone: String
    /// Reads the family's pages and answers.
    public let reader: PageReader
    /// The whole layout of a reg-sched.pl registrar; `nil` for the Banner families, whose
    /// layout is their code.
    public let regSched: RegistrarDefinition?
    /// What lookups need of the school, stored in the index with what is read. A Banner
    /// school's terms are named by the registrar (``TermScheme/registrarNamed``), their
    /// dates filled in from what is read unless the definition's `calendar:` gives them.
    public let campusDescription: CampusDescription
    /// Where a Banner family's pages live below the registrar's base URL (`/StudentRegistrationSsb/ssb/`).
    let path: String
    /// Subjects to search where the registrar's subject list names none.
    let subjects: [String]

    /// A reg-sched.pl registrar's definition as a school's.
    public init(regSched definition: RegistrarDefinition) {
        self.init(family: .regSched, name: definition.name, timeZone: definition.calendar.timeZone.name,
                  reader: PageReader(definition: definition), regSched: definition, campusDescription: definition.campusDescription,
                  path: "/", subjects: definition.subjects)
    }

    init(family: RegistrarFamily, name: String, timeZone: String, reader: PageReader, regSched: RegistrarDefinition?,
         campusDescription: CampusDescription, path: String, subjects: [String]) {
        self.family = family
        self.name = name
        self.timeZone = timeZone
        self.reader = reader
        self.regSched = regSched
        self.campusDescription = campusDescription
        self.path = path
        self.subjects = subjects
    }

    /// The family's crawl plan over `source` (made with this definition's ``regSched``).
    ///
    /// - Parameter searchPageSize: Sections asked for per answer where the family pages its
    ///   searches (Banner 9's `pageMaxSize`).
    public func crawler(
        source: HTTPPageSource, progress: (any CrawlProgress)?, searchPageSize: Int = 500
    ) -> any TermCrawling {
        switch family {
        case .regSched:
            return TermCrawler(definition: regSched!, source: source, progress: progress)
        case .banner9:
            return Banner9Crawler(source: source, path: path, subjects: subjects, pageSize: max(1, searchPageSize), progress: progress)
        case .banner8:
            return Banner8Crawler(source: source, path: path, subjects: subjects, reader: reader, progress: progress)
        }
    }

    /// Loads and checks a definition file of any family.
    ///
    /// - Throws: ``DefinitionError`` naming the file and the key or line.
    public static func load(contentsOf url: URL) throws(DefinitionError) -> SchoolDefinition {
        try parse(try DefinitionSource.text(of: url), file: url.path)
    }

    static func parse(_ text: String, file: String) throws(DefinitionError) -> SchoolDefinition {
        let source = try DefinitionSource(text, file: file)
        switch try source.family() {
        case .regSched:
            return SchoolDefinition(regSched: try RegistrarDefinition.parse(text, file: file))
        case .banner8, .banner9:
            return try BannerDefinitionCompiler(source: source).compile(try source.decode(BannerDefinitionFile.self))
        }
    }
}

/// Checks a Banner definition file and makes its ``SchoolDefinition``.
struct BannerDefinitionCompiler {
    let source: DefinitionSource

    func compile(_ raw: BannerDefinitionFile) throws(DefinitionError) -> SchoolDefinition {
        guard TimeZone(identifier: raw.timeZone) != nil else {
            throw invalid("timeZone", "'\(raw.timeZone)' is not an IANA time zone such as America/Vancouver")
        }
        guard raw.path.hasPrefix("/") else { throw invalid("path", "'\(raw.path)' must start with /") }
        let reader: PageReader
        switch raw.family {
        case .banner8:
            reader = .banner8(labels: try labels(raw.labels ?? [:]))
        default:
            if raw.labels != nil { throw invalid("labels", "Banner 9 answers are JSON: they have no labels to spell") }
            reader = .banner9
        }
        let extract = try raw.enrollment.map { (enrollment) throws(DefinitionError) in try extractReader(enrollment) }
        let calendar = try raw.calendar.map { (section) throws(DefinitionError) in
            try DefinitionCompiler(source: source).calendar(section, timeZone: raw.timeZone)
        } ?? CampusCalendar(timeZone: Self.zone(raw.timeZone), examMinutes: Self.examMinutes, terms: [:])
        let description = CampusDescription(name: raw.name, termScheme: .registrarNamed, calendar: calendar, scheduleLinks: nil)
        return SchoolDefinition(family: raw.family, name: raw.name, timeZone: raw.timeZone, reader: reader.readingExtracts(extract), regSched: nil,
                                campusDescription: description, path: raw.path.hasSuffix("/") ? raw.path : raw.path + "/",
                                subjects: raw.subjects ?? [])
    }

    /// How long an exam lasts where the registrar gives no end (Banner gives one).
    static let examMinutes = 120

    /// The zone's offsets in mid-January and mid-July as the system's time-zone database has them
    /// (the campus clock applies the United States' daylight-saving dates between them).
    static func zone(_ name: String) -> CampusTimeZone {
        let zone = TimeZone(identifier: name)!
        func minutes(month: Int) -> Int {
            let date = DateComponents(calendar: Calendar(identifier: .gregorian), timeZone: .gmt, year: 2026, month: month, day: 15).date!
            return zone.secondsFromGMT(for: date) / 60
        }
        let winter = minutes(month: 1), summer = minutes(month: 7)
        return CampusTimeZone(name: name, standardOffset: min(winter, summer), daylightOffset: winter == summer ? nil : max(winter, summer))
    }

    /// The enrollment extract's column map: a term, a username and a section (CRN or id) are needed.
    private func extractReader(_ raw: BannerDefinitionFile.Enrollment) throws(DefinitionError) -> EnrollmentExtractReader {
        let spellings: [EnrollmentColumn: [String]] = try DefinitionCompiler(source: source).fields(raw.columns, key: "enrollment.columns")
        for needed in [EnrollmentColumn.term, .username] where spellings[needed]?.isEmpty ?? true {
            throw invalid("enrollment.columns.\(needed.rawValue)", "give the header of the extract's \(needed.rawValue) column")
        }
        guard spellings[.crn] != nil || spellings[.section] != nil else {
            throw invalid("enrollment.columns", "name the column that says the section: crn (its CRN) or section (SUBJ1234-01)")
        }
        return EnrollmentExtractReader(columns: ColumnMap(spellings: spellings, required: [.term, .username]))
    }

    private func labels(_ raw: [String: String]) throws(DefinitionError) -> Banner8Labels {
        var labels = Banner8Labels()
        for (name, spelling) in raw.sorted(by: { $0.key < $1.key }) {
            guard let path = Banner8Labels.named[name] else {
                throw .unknownKey(file: source.file, key: "labels.\(name)", line: source.line(of: "labels.\(name)") ?? 0)
            }
            guard !spelling.trimmingCharacters(in: .whitespaces).isEmpty else { throw invalid("labels.\(name)", "give the text the pages print") }
            labels[keyPath: path] = spelling
        }
        return labels
    }

    private func invalid(_ key: String, _ problem: String) -> DefinitionError {
        .invalidValue(file: source.file, key: key, problem: problem)
    }
}
