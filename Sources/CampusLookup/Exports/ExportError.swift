/// Why an export could not be written, told so a person can fix it.
public enum ExportError: Error, CustomStringConvertible, Equatable {
    /// The registrar definition has no calendar for the term, so dates cannot be placed.
    case noTermCalendar(term: String, termName: String, definition: String)
    /// The index knows no e-mail address for the person.
    case noEmail(username: String)

    public var description: String {
        switch self {
        case .noTermCalendar(let term, let name, let definition):
            "the registrar definition (\(definition)) has no calendar for \(name) (\(term)), so the iCalendar file "
                + "cannot place classes on dates: add calendar.terms.\"\(term)\" with firstDay, lastDay and breaks "
                + "(see the terms already there), or choose another term with --term."
        case .noEmail(let username):
            "the index has no e-mail address for \(username): run `campus sync directory` to read the directory, "
                + "or see `campus person \(username)` for other ways to reach them."
        }
    }
}
