import CampusCore

/// The definition file as written: a direct mirror of `scrapers/*.yaml`.
///
/// ``RegistrarDefinition/load(contentsOf:)`` decodes this, then checks and
/// compiles it into the definition the reader uses.
struct DefinitionFile: Codable {
    struct Scheme: Codable {
        var seasons: [TermScheme.Season]
    }

    struct Request: Codable {
        var method: String
        var path: String
        var query: String
        var body: String?
    }

    struct KindRule: Codable {
        var kind: String
        var heading: String
        var headerKeys: [String]
        var fallback: Bool?
        var lookupKey: String?
    }

    struct Recognition: Codable {
        /// Heading family -> its headings, in the order they are tried.
        var headings: [String: [String]]
        var titlePrefixes: [String]
        var joinedSectionSeparator: String
        var termParameter: String
        var idParameter: String
        var noMatchTexts: [String]
        var kinds: [KindRule]
    }

    struct Table: Codable {
        var required: [String]
        var columns: [String: [String]]
    }

    struct Tables: Codable {
        var sections: Table
        var roster: Table
        var personMatch: Table
        var gridMarker: String
    }

    struct RosterCSV: Codable {
        var titlePrefix: String
        var keys: [String: [String]]
        var columns: [String: [String]]
    }

    struct Instructors: Codable {
        var nobody: [String]
        var separators: [String]
    }

    struct Meetings: Codable {
        var patternSeparators: [String]
        var fieldSeparator: String
        var days: [String: String]
        var tbaWords: [String]
        var defaultMinutes: Int
        var finalExamWords: [String: String]
        var crossListingMarkers: [String]
    }

    struct Clock: Codable {
        var afternoonHours: [Int]
    }

    struct Periods: Codable {
        var minutes: Int
        var olderHeaders: [String]
        var starts: [Int: String]
    }

    var family: RegistrarFamily
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
