import CampusCore

/// The definition file as written: a direct mirror of `scrapers/*.yaml`.
///
/// ``RegistrarDefinition/load(contentsOf:)`` decodes this, then checks and
/// compiles it into the definition the reader uses.
struct DefinitionFile: Decodable {
    struct Scheme: Decodable {
        var seasons: [TermScheme.Season]
    }

    struct Request: Decodable {
        var method: String
        var path: String
        var query: String
        var body: String?
    }

    struct KindRule: Decodable {
        var kind: String
        var heading: String
        var headerKeys: [String]
        var fallback: Bool?
        var lookupKey: String?
    }

    struct Recognition: Decodable {
        /// Heading family -> its headings, in the order they are tried.
        var headings: [String: [String]]
        var titlePrefixes: [String]
        var joinedSectionSeparator: String
        var termParameter: String
        var idParameter: String
        var noMatchTexts: [String]
        var kinds: [KindRule]
    }

    struct Table: Decodable {
        var required: [String]
        var columns: [String: [String]]
    }

    struct Tables: Decodable {
        var sections: Table
        var roster: Table
        var personMatch: Table
        var gridMarker: String
    }

    struct RosterCSV: Decodable {
        var titlePrefix: String
        var keys: [String: [String]]
        var columns: [String: [String]]
    }

    struct Instructors: Decodable {
        var nobody: [String]
        var separators: [String]
    }

    struct Meetings: Decodable {
        var patternSeparators: [String]
        var fieldSeparator: String
        var days: [String: String]
        var tbaWords: [String]
        var defaultMinutes: Int
        var finalExamWords: [String: String]
        var crossListingMarkers: [String]
    }

    struct Clock: Decodable {
        var afternoonHours: [Int]
    }

    struct Periods: Decodable {
        var minutes: Int
        var olderHeaders: [String]
        var starts: [Int: String]
    }

    var name: String
    var timeZone: String
    var termScheme: Scheme
    var subjects: [String]
    var http: PerLookup<Request>
    var savedPages: PerLookup<String>
    var locators: PageLocators
    var recognition: Recognition
    var headerFields: [String: [String]]
    var tables: Tables
    var rosterCSV: RosterCSV
    var instructors: Instructors
    var meetings: Meetings
    var clock: Clock
    var periods: Periods
    var calendar: CalendarSection
}
