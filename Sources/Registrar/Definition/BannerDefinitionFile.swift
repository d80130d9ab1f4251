/// A Banner school's definition file as written (`scrapers/northeastern.yaml`): the family
/// and the school's particulars only; the family's code knows the pages.
struct BannerDefinitionFile: Codable {
    var family: RegistrarFamily
    var name: String
    var timeZone: String
    /// Where the family's pages live on the registrar's host: `/udcprod8/` (Banner 8's
    /// `bwckschd.*`), `/StudentRegistrationSsb/ssb/` (Banner 9).
    var path: String
    /// Subjects to search where the registrar's subject list cannot be read.
    var subjects: [String]?
    /// Label and header spellings that differ from Ellucian's (Banner 8): `{sectionsCaption: "Classes Found"}`.
    var labels: [String: String]?
    /// The registrar's enrollment extract: `columns` maps each field (`term`, `crn` or
    /// `section`, `username`, `id`, `name`, `email`) to its header spellings.
    var enrollment: Enrollment?
    /// Term calendars where the registrar publishes no dates of its own.
    var calendar: DefinitionFile.CalendarSection?
}

extension BannerDefinitionFile {
    /// `enrollment:` of a Banner definition.
    struct Enrollment: Codable {
        var columns: [String: [String]]
    }
}
