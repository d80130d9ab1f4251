import CampusCore

/// A failure as JSON, for `--json` on the command line and every error of the API:
/// an RFC 9457 problem document.
///
/// ```json
/// {"type": "urn:campus-lookup:problem:not-found", "title": "Nothing matches", "status": 404,
///  "detail": "no person matches 'brenam'. Did you mean: brennam?", "suggestions": ["brennam"]}
/// ```
///
/// `type` names the kind of failure, `title` says it in words, `status` is the HTTP
/// status the API answers with; `suggestions` holds close matches (empty when none).
public struct ProblemShape: Codable, Sendable, Hashable {
    public var type: String
    public var title: String
    public var status: Int
    public var detail: String
    public var suggestions: [String]

    /// `detail` and `suggestions` may echo what was asked: characters that would drive a
    /// terminal or reverse the text around them (`ESC`, `U+202E`) are written visibly.
    public init(type: String, title: String, status: Int, detail: String, suggestions: [String] = []) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = VisibleText.escaped(detail)
        self.suggestions = suggestions.map { VisibleText.escaped($0) }
    }

    /// The problem a use case's error is.
    public init(_ error: CampusError) {
        if case .server(let problem) = error {
            self = problem
            return
        }
        let (kind, title, status) = Self.kind(of: error)
        self.init(type: "urn:campus-lookup:problem:" + kind, title: title, status: status, detail: error.description,
                  suggestions: Self.suggestions(in: error))
    }

    /// The problem as the server answers a caller with it: what the error says of the server
    /// itself (a file's path, the directory's address or account, a setting) is left to the
    /// server's log, which `requestID` finds it in.
    public init(_ error: CampusError, servedTo requestID: String) {
        self.init(error)
        if let said = Self.sayable(error) {
            detail = said + ". The request id \(VisibleText.escaped(requestID)) finds the details in the server's log."
        }
    }

    /// What a caller is told of an error about the server itself; `nil` for an error about
    /// what was asked, which says nothing of the server's.
    private static func sayable(_ error: CampusError) -> String? {
        switch error {
        case .resourceMissing, .badConfiguration, .exposedFile, .badPolicy, .failed, .directoryNotConfigured, .directoryBaseMissing,
             .directoryPasswordMissing, .cleartextBind, .ldifValueFromFile:
            "the server is not set up right"
        case .indexMissing: "the campus's data has not been loaded yet"
        case .indexUnusable, .indexDamaged: "the campus index cannot be read right now"
        case .indexBusy: "the index is being written; try again in a moment"
        case .userState: "what people keep (favorites, log-ins, links) cannot be read or written right now"
        case .directory: "the campus directory does not answer; try again in a minute"
        case .registrarUnreachable, .registrar: "the registrar cannot be reached right now"
        case .noTermCalendar(let term, let name, _): "no calendar of \(name) (\(term)) is known, so its classes cannot be placed on dates"
        case .unreadableFile, .page, .busyFile: "a file the server reads cannot be read"
        default: nil
        }
    }

    private static func kind(of error: CampusError) -> (String, String, Int) {
        switch error {
        case .resourceMissing: ("resource-missing", "A file campus-lookup ships is missing", 500)
        case .badConfiguration: ("bad-configuration", "The configuration is not valid", 500)
        case .indexMissing: ("no-index", "There is no index yet", 503)
        case .indexUnusable: ("index-unusable", "The index cannot be used", 503)
        case .indexDamaged: ("index-damaged", "The index is damaged", 503)
        case .indexBusy: ("index-busy", "Another process is writing the index", 409)
        case .userState: ("user-state-unavailable", "The store of favorites cannot be used", 503)
        case .exposedFile: ("exposed-file", "A file holding secrets may be read by others", 500)
        case .badTerm: ("bad-term", "Not a term", 400)
        case .unknownTerm: ("unknown-term", "The index holds nothing for that term", 404)
        case .noTerms: ("no-terms", "The index holds no terms yet", 404)
        case .noMatch, .teachesNothing: ("not-found", "Nothing matches", 404)
        case .notInTerm: ("not-in-term", "Not in that term", 404)
        case .noMeetingTime: ("no-meeting-time", "No such meeting time", 404)
        case .outsideTerm: ("outside-term", "Not in the term's days of classes", 404)
        case .unknownPeople: ("unknown-people", "Some people are not known", 404)
        case .emptyGroup: ("empty-group", "The favorites group is empty", 404)
        case .overlay: ("bad-overlay", "The overlay cannot be laid", 400)
        case .busyFile: ("bad-busy-file", "The calendar of busy time cannot be used", 400)
        case .unreadableFile: ("unreadable-file", "The file cannot be read", 400)
        case .noTermCalendar: ("no-term-calendar", "No calendar for that term", 404)
        case .noEmail: ("no-email", "No e-mail address known", 404)
        case .noPhoto: ("no-photo", "No photo", 404)
        case .shrinkRefused: ("shrink-refused", "Refused: too much would be dropped", 409)
        case .incompleteCrawl: ("incomplete-crawl", "Refused: pages of the crawl are missing", 409)
        case .directoryNotConfigured, .directoryBaseMissing, .directoryPasswordMissing:
            ("directory-not-configured", "The directory is not configured", 500)
        case .directory: ("directory-failed", "The directory failed", 503)
        case .cleartextBind: ("cleartext-bind", "Refused to send a password without TLS", 500)
        case .ldifValueFromFile: ("ldif-file-value", "An LDIF value read from a file was refused", 422)
        case .registrarUnreachable: ("registrar-unreachable", "The registrar cannot be reached", 503)
        case .registrar: ("registrar-failed", "The registrar failed", 502)
        case .page: ("unreadable-page", "The page cannot be read", 422)
        case .failed: ("failed", "Something went wrong", 500)
        case .badPolicy: ("bad-policy", "The policy is not valid", 500)
        case .unauthenticated: ("unauthenticated", "Log in first", 401)
        case .loginFailed: ("login-failed", "Log-in failed", 401)
        case .loginThrottled: ("login-throttled", "Too many failed log-ins", 429)
        case .signInRefused: ("sign-in-refused", "The sign-in was refused", 403)
        case .forbidden: ("forbidden", "The policy does not allow this", 403)
        case .invalidParameter: ("invalid-parameter", "A parameter is not valid", 400)
        case .limitReached: ("limit-reached", "The most one person may keep", 409)
        case .notShareable: ("not-shareable", "Nobody in the group may be in a link", 403)
        case .alreadyDone: ("already-done", "Done already", 409)
        case .tooOften: ("too-often", "Too often", 429)
        case .mail: ("mail-failed", "Alert e-mail cannot be sent", 503)
        case .alertsNotConfigured: ("alerts-not-configured", "Alerts are not set up", 404)
        case .server(let problem): (String(problem.type.split(separator: ":").last ?? "failed"), problem.title, problem.status)
        }
    }

    private static func suggestions(in error: CampusError) -> [String] {
        switch error {
        case .noMatch(_, _, let suggestions): suggestions
        case .unknownPeople(let people): people.flatMap(\.suggestions)
        case .unknownTerm(_, let known): known
        case .notInTerm(_, _, _, let elsewhere): elsewhere.map(\.code.rawValue)
        default: []
        }
    }
}
