import Foundation

/// What the emulator answers a lookup with.
enum PageAnswer: Equatable {
    /// A saved page (`relativePath` below the pages directory).
    case file(relativePath: String, contentType: String)
    /// A well-formed lookup that matched nothing: a registrar-style "No Match Found" page.
    case noMatch(NoMatchPage)
    /// A request the registrar would not understand, with the reason.
    case badRequest(String)
}

/// Maps reg-sched.pl and reg-download.pl requests to files of a saved-pages directory:
/// `terms.html`, `{term}/{Type}-{id}.html` and `{term}/Roster-{SECTION}.csv`.
struct PageResolver: Sendable {
    let pagesDirectory: URL

    /// How a lookup's id is written in saved file names.
    private enum Casing {
        case upper, lower, capitalized, asGiven

        func apply(_ id: String) -> String {
            switch self {
            case .upper: id.uppercased()
            case .lower: id.lowercased()
            case .capitalized: id.prefix(1).uppercased() + id.dropFirst().lowercased()
            case .asGiven: id
            }
        }
    }

    /// Lookup types (lower-cased) with their saved file-name prefix and id casing. Grids, calendars
    /// and advisee lists are real lookups that saved pages do not hold: they answer "no match".
    private static let types: [String: (name: String, casing: Casing)] = [
        "course": ("Course", .upper), "roster": ("Roster", .upper), "room": ("Room", .upper),
        "instructor": ("Instructor", .lower), "username": ("Username", .lower), "lastname": ("LastName", .capitalized),
        "grid": ("Grid", .asGiven), "ical": ("Ical", .asGiven), "ucal": ("Ucal", .asGiven), "advisor": ("Advisor", .asGiven),
    ]

    /// The answer to `reg-sched.pl` with these query and form fields.
    func schedule(_ fields: [String: String]) -> PageAnswer {
        guard let (type, id) = Self.lookup(in: fields) else {
            return .file(relativePath: "terms.html", contentType: "text/html")
        }
        guard let (name, casing) = Self.types[type.lowercased()] else {
            return .badRequest("unknown lookup type '\(type)'; use Course, Roster, Instructor, Username, Room or Lastname")
        }
        return answer(file: "\(name)-\(casing.apply(id)).html", id: id, label: name, term: fields["termcode"], type: "text/html")
    }

    /// The answer to `reg-download.pl` (the roster CSV) with these form fields.
    func download(_ fields: [String: String]) -> PageAnswer {
        guard let id = fields["id"], !id.isEmpty else { return .badRequest("the roster download needs an id field") }
        return answer(file: "Roster-\(id.uppercased()).csv", id: id, label: "Roster", term: fields["termcode"], type: "text/csv")
    }

    private func answer(file: String, id: String, label: String, term: String?, type: String) -> PageAnswer {
        guard !id.isEmpty, id.count <= 40, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            return .badRequest("'\(id)' is not a lookup id (letters, digits and '-' only)")
        }
        if let term {
            guard term.count == 6, term.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                return .badRequest("'\(term)' is not a term code such as 202630")
            }
            return exists("\(term)/\(file)") ? .file(relativePath: "\(term)/\(file)", contentType: type)
                : .noMatch(NoMatchPage(label: label, id: id, termCode: term))
        }
        let terms = termDirectories()
        if let newest = terms.first(where: { exists("\($0)/\(file)") }) {
            return .file(relativePath: "\(newest)/\(file)", contentType: type)
        }
        return .noMatch(NoMatchPage(label: label, id: id, termCode: terms.first))
    }

    /// The lookup type and id: `type` + `id`, or the search form's `id1`/`bt1` (username),
    /// `id4`/`bt4` (room), `id5`/`bt5` (course), `lnameid`/`lnamebt` (last name), `deptid`.
    private static func lookup(in fields: [String: String]) -> (type: String, id: String)? {
        if let type = fields["type"], !type.isEmpty { return (type, fields["id"] ?? "") }
        let form = [
            ("bt1", "id1", "Username"), ("bt4", "id4", "Room"), ("bt5", "id5", "Course"), ("lnamebt", "lnameid", "Lastname"),
        ]
        for (button, field, type) in form where fields[button] != nil { return (type, fields[field] ?? "") }
        if let department = fields["deptid"], !department.isEmpty { return ("Course", department) }
        return nil
    }

    private func exists(_ relativePath: String) -> Bool {
        FileManager.default.fileExists(atPath: pagesDirectory.appendingPathComponent(relativePath).path)
    }

    /// The term folders (`202630`), newest first.
    private func termDirectories() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: pagesDirectory.path)) ?? []
        return names.filter { $0.count == 6 && $0.allSatisfy(\.isNumber) }.sorted(by: >)
    }
}
