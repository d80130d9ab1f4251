import CampusCore

/// One question the registrar's Schedule Lookup page answers: one page each.
///
/// The registrar definition turns a lookup into an HTTP request
/// (`RegistrarDefinition.request(for:)`) and into the relative path of the
/// saved page that answers it (`RegistrarDefinition.savedPagePath(for:)`).
public enum Lookup: Hashable, Sendable, CustomStringConvertible {
    /// The search form, whose `termcode` drop-down lists every term offered.
    case termList
    /// Sections whose id starts with `prefix` (`CSSE`, `CSSE3`).
    case course(prefix: String, term: TermCode)
    /// A section's roster (`CSSE474-02`) or a whole course's (`CSSE474`).
    case roster(id: String, term: TermCode)
    /// An instructor's schedule.
    case instructor(username: String, term: TermCode)
    /// A student's schedule.
    case student(username: String, term: TermCode)
    /// A room's schedule.
    case room(String, term: TermCode)
    /// People whose last name is `name`.
    case lastName(String, term: TermCode)
    /// A section's roster as the CSV download.
    case rosterCSV(section: String, term: TermCode)

    /// The term the lookup is about; `nil` for the term list.
    public var term: TermCode? {
        switch self {
        case .termList: nil
        case .course(_, let term), .roster(_, let term), .instructor(_, let term),
            .student(_, let term), .room(_, let term), .lastName(_, let term),
            .rosterCSV(_, let term):
            term
        }
    }

    public var description: String {
        switch self {
        case .termList: "term list"
        case .course(let prefix, let term): "course search \(prefix) in \(term)"
        case .roster(let id, let term): "roster \(id) in \(term)"
        case .instructor(let username, let term): "instructor \(username) in \(term)"
        case .student(let username, let term): "schedule \(username) in \(term)"
        case .room(let room, let term): "room \(room) in \(term)"
        case .lastName(let name, let term): "last-name search \(name) in \(term)"
        case .rosterCSV(let section, let term): "roster CSV \(section) in \(term)"
        }
    }
}
