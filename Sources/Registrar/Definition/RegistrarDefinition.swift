import Foundation
import CampusCore

/// Everything that differs between registrars, loaded from one human-editable
/// YAML file under `scrapers/` (`scrapers/rose-hulman.yaml`).
///
/// ```swift
/// let definition = try RegistrarDefinition.load(contentsOf: URL(filePath: "scrapers/rose-hulman.yaml"))
/// let page = try PageReader(definition: definition).read(bytes, source: "Roster-CSSE474-02.html")
/// ```
public struct RegistrarDefinition: Sendable {
    /// The name shown to people.
    public var name: String
    /// How term codes are built (`202630` is Spring 2025-2026).
    public var termScheme: TermScheme
    /// Subjects to search one by one when the search form has no department drop-down.
    public var subjects: [String]
    /// The class period table of older pages, used when a page prints none.
    public var periods: PeriodTable
    /// The academic calendar: time zone offsets, exam length, each term's days of classes.
    public var calendar: CampusCalendar

    var requests: PerLookup<RequestTemplate>
    var savedPages: PerLookup<PlaceholderTemplate>
    var locators: PageLocators
    var recognition: PageRecognition
    var headerFields: [PersonField: [String]]
    var sectionColumns: ColumnMap<SectionColumn>
    var rosterColumns: ColumnMap<RosterColumn>
    var personMatchColumns: ColumnMap<PersonMatchColumn>
    var gridMarker: String
    var rosterCSV: RosterCSVLayout
    var instructors: InstructorRules
    var meetings: MeetingGrammar
    /// Normalised sections-table headers only older (period-era) pages use.
    var periodEraHeaders: Set<String>

    /// The path and query (or POST body) answering `lookup`, relative to a base URL such as `https://host`.
    public func request(for lookup: Lookup) -> RegistrarRequest {
        requests[lookup.kind].request(term: lookup.term?.rawValue ?? "", id: lookup.id ?? "")
    }

    /// The relative path of the saved page answering `lookup` inside a saved-pages directory.
    ///
    /// A `/` or `%` in the id is percent-encoded so every id stays one file name.
    public func savedPagePath(for lookup: Lookup) -> String {
        savedPages[lookup.kind].render(term: lookup.term?.rawValue ?? "", id: SavedPageName.encode(lookup.id ?? ""))
    }

    /// Which lookup a saved page path answers, the inverse of ``savedPagePath(for:)``; `nil` if none.
    ///
    /// The path may be relative to the saved-pages directory (`202630/Course-CSSE3.html`) or
    /// longer (`/home/me/saved/202630/Course-CSSE3.html`): its last components are matched.
    public func lookup(forSavedPagePath path: String) -> Lookup? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        for kind in LookupKind.allCases {
            let depth = savedPages[kind].componentCount
            guard components.count >= depth,
                  let match = savedPages[kind].match(components.suffix(depth).joined(separator: "/")) else { continue }
            let term = match.term.flatMap { TermCode($0) }
            if match.term != nil, term == nil { continue }
            if let lookup = Lookup(kind: kind, term: term, id: match.id.map(SavedPageName.decode)) { return lookup }
        }
        return nil
    }
}

/// Keeps an id one path component: `/` and `%` are percent-encoded.
enum SavedPageName {
    static func encode(_ id: String) -> String {
        id.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "/", with: "%2F")
    }

    static func decode(_ name: String) -> String {
        name.replacingOccurrences(of: "%2F", with: "/").replacingOccurrences(of: "%25", with: "%")
    }
}

/// One lookup kind's request, with `{term}` and `{id}` still to fill.
struct RequestTemplate: Sendable {
    var method: String
    var path: String
    var query: [(name: String, value: PlaceholderTemplate)]
    var body: [(name: String, value: PlaceholderTemplate)]?

    func request(term: String, id: String) -> RegistrarRequest {
        func fill(_ items: [(name: String, value: PlaceholderTemplate)]) -> [QueryItem] {
            items.map { QueryItem(name: $0.name, value: $0.value.render(term: term, id: id)) }
        }
        return RegistrarRequest(method: method, path: path, query: fill(query), body: body.map(fill))
    }
}

/// How instructor cells name nobody and several people.
struct InstructorRules: Sendable {
    /// Lower-cased usernames that mean "no instructor" (`tba`).
    var nobody: Set<String>
    /// Between usernames sharing one cell on older pages (`dee&livesay`).
    var separators: [Character]
}

/// The roster CSV download's layout.
struct RosterCSVLayout: Sendable {
    var titlePrefix: String
    /// Header key spelling (as printed) -> key.
    var keys: [String: RosterCSVKey]
    var columns: ColumnMap<RosterCSVColumn>
}
