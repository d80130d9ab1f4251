/// What went wrong in a use case, told so a person can fix it.
///
/// Errors of the lower modules (index, fetching, page reading) pass through
/// unchanged; they already say what went wrong.
public enum CampusError: Error, CustomStringConvertible, Equatable {
    /// A shipped file (registrar definition, demo campus) was not found.
    case resourceMissing(String, searched: [String])
    /// The configuration file could not be read.
    case badConfiguration(path: String, detail: String)
    /// A `--term` value that is neither a code nor `current`, `next`, `previous`.
    case badTerm(String)
    /// A term the index holds nothing for.
    case unknownTerm(String, known: [String])
    /// Nothing matched a lookup; `suggestions` are close matches.
    case noMatch(what: String, query: String, suggestions: [String])
    /// A file given to `campus import` or `campus page` could not be used.
    case unreadableFile(path: String, detail: String)
    /// `campus sync directory` without a server URL or LDIF file, here or in the configuration.
    case directoryNotConfigured
    /// A directory URL without the base DN to search below.
    case directoryBaseMissing(url: String)
    /// A bind DN without a file or environment variable holding its password.
    case directoryPasswordMissing(bindDN: String)

    public var description: String {
        switch self {
        case .resourceMissing(let path, let searched):
            "cannot find '\(path)' (looked in: \(searched.joined(separator: ", "))). "
                + "Set CAMPUS_HOME to the campus-lookup folder that holds scrapers/ and fixtures/."
        case .badConfiguration(let path, let detail):
            "the configuration file \(path) is not valid: \(detail). Fix it or move it away to use the defaults."
        case .badTerm(let text):
            "'\(text)' is not a term: give a code such as 202630, or current, next, previous."
        case .unknownTerm(let term, let known):
            known.isEmpty
                ? "the index holds no terms yet, so not \(term): run `campus sync registrar` or `campus import FILE...` first."
                : "the index holds nothing for term \(term); it has \(known.joined(separator: ", ")). "
                    + "Run `campus sync registrar --term \(term)` to fetch it."
        case .noMatch(let what, let query, let suggestions):
            "no \(what) matches '\(query)'."
                + (suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?")
        case .unreadableFile(let path, let detail):
            "cannot read \(path): \(detail)"
        case .directoryNotConfigured:
            "no directory to sync from: give --url ldap://host --base DN (or --ldif FILE), "
                + "or set directory.url and directory.base in the configuration file."
        case .directoryBaseMissing(let url):
            "no base DN to search \(url) below: give --base (e.g. ou=People,dc=example,dc=edu) or set directory.base."
        case .directoryPasswordMissing(let bindDN):
            "binding as \(bindDN) needs a password: give --password-file FILE or --password-env VARIABLE "
                + "(or directory.password-file in the configuration). Passwords are never taken as arguments."
        }
    }
}
