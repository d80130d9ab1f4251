import CampusCore

/// What went wrong in a use case: the one error type a front end sees.
///
/// Each case says what went wrong in words a person can act on, without naming
/// a front end's means (a flag, a route): the CLI adds its flags, the server
/// its problem types. Errors of the lower modules (index, registrar, directory)
/// arrive here already wrapped, with their own explanations.
public enum CampusError: Error, Hashable, Sendable, CustomStringConvertible {
    // Set-up.
    /// A shipped file (registrar definition, directory profile, demo campus) was not found.
    case resourceMissing(String, searched: [String])
    /// The configuration file could not be read.
    case badConfiguration(path: String, detail: String)
    /// No index file yet at `path`.
    case indexMissing(path: String)
    /// The index file cannot be used (unopenable, too new).
    case indexUnusable(path: String, detail: String)
    /// The index file is damaged or not a campus index; nothing reads or writes it.
    case indexDamaged(path: String, detail: String)
    /// Another process is writing the index and waiting was refused.
    case indexBusy(path: String, detail: String)
    /// The user-state store (favorites) cannot be used.
    case userState(String)
    /// A file holding secrets (`holds`) that its group or others may read or write; it is not used.
    case exposedFile(path: String, mode: Int, holds: String)

    // What was asked.
    /// A term that is neither a code, a name, nor `current`, `next`, `previous`.
    case badTerm(String)
    /// A term the index holds nothing for.
    case unknownTerm(String, known: [String])
    /// The lookup needs a term and the index holds none.
    case noTerms
    /// Nothing matched a lookup; `suggestions` are close matches.
    case noMatch(what: String, query: String, suggestions: [String])
    /// Nothing matched in the term looked at, but the index holds `query` in other terms
    /// (`elsewhere`, newest first): a question of the term, not of the name.
    case notInTerm(what: String, query: String, term: Term, elsewhere: [Term])
    /// A person who teaches nothing in the term asked about.
    case teachesNothing(username: String, term: String)
    /// A week asked for outside the term's days of classes; `detail` names them.
    case outsideTerm(String)
    /// A meeting time asked for that the search did not find: a time past those found, a week
    /// whose day is no day of classes, or a term with no such day left; `detail` says which.
    case noMeetingTime(String)
    /// People named for an overlay whom the index does not know, with close matches.
    case unknownPeople([UnknownPerson])
    /// A favorites group named in an overlay (`@study`) that holds nobody.
    case emptyGroup(group: String, owner: String)
    /// The overlay cannot be laid (nobody, too many people, no days, no minimum).
    case overlay(OverlayError)
    /// A file of extra busy time that cannot be used.
    case busyFile(path: String, problem: String)
    /// A file to import or inspect that cannot be read.
    case unreadableFile(path: String, detail: String)
    /// The registrar definition has no calendar for the term, so dates cannot be placed.
    case noTermCalendar(term: String, termName: String, definition: String)
    /// The index knows no e-mail address for the person.
    case noEmail(username: String)
    /// The directory holds no photo of the person.
    case noPhoto(username: String)

    // Syncs and imports.
    /// A sync or reparse that would drop more than its guard allows; the previous data is kept.
    case shrinkRefused(String)
    /// A crawl in which pages were missing or could not be read (`failed` of `fetched`, the
    /// first named): the term is kept rather than replaced by what was read of it.
    case incompleteCrawl(term: String, failed: Int, fetched: Int, first: String)
    /// No directory to sync from.
    case directoryNotConfigured
    /// A directory URL without the base DN to search below.
    case directoryBaseMissing(url: String)
    /// A bind DN without a file or environment variable holding its password.
    case directoryPasswordMissing(bindDN: String)
    /// The directory (server, LDIF file or profile) failed.
    case directory(String)
    /// A bind password would cross the network without TLS; refused unless clear text is allowed.
    case cleartextBind(String)
    /// An LDIF value to be read from a file (`attribute:< URL`) outside the folder allowed, or with none allowed.
    case ldifValueFromFile(String)
    /// The registrar cannot be reached.
    case registrarUnreachable(String)
    /// The registrar (fetching, crawling, its definition) failed otherwise.
    case registrar(String)
    /// A page could not be read.
    case page(String)
    /// Anything else, explained.
    case failed(String)

    // Who may see what.
    /// A policy file that cannot be used.
    case badPolicy(path: String, detail: String)
    /// Nobody is logged in, and what was asked needs a log-in.
    case unauthenticated
    /// A log-in failed: unknown user, wrong or empty password, suppressed or disabled (one answer for all).
    case loginFailed
    /// Too many failed log-ins for this username or client: no log-in is tried for `retryAfter` seconds.
    case loginThrottled(retryAfter: Int)
    /// A sign-in through the campus's sign-in service was refused: `kind` names it for the help
    /// desk, `words` say it to the person, `detail` is for the server's log only.
    case signInRefused(kind: String, words: String, detail: String)
    /// The policy does not let the caller see `subject`: `rule` covers it and allows only `allowed`.
    case forbidden(policy: String, rule: String, covers: String, allowed: [String], subject: String)
    /// A value given to a use case is not valid: `parameter` names it, `detail` says what is wanted.
    case invalidParameter(name: String, detail: String)
    /// One person may keep at most `limit` of `what`; `advice` says how to make room.
    case limitReached(what: String, limit: Int, advice: String)
    /// A favorites group none of whose members a link anyone may open can show (`people`: those
    /// the owner sees only by a role).
    case notShareable(group: String, people: [String])
    /// What was asked is done already (`what` says what), and doing it again changes nothing.
    case alreadyDone(String)
    /// One may do `what` at most as often as `limit` says (`50 times a day`, `10 times in 5
    /// minutes`); they may again in `retryAfter` seconds.
    case tooOften(what: String, limit: String, retryAfter: Int)
    /// Alert e-mail could not be handed to the mail service: `detail` says why, `setting` names
    /// the configuration key to look at (`alerts.smtp.password-file`).
    case mail(setting: String, detail: String)
    /// Alerts were asked for and the configuration file sets none up.
    case alertsNotConfigured
    /// The campus server the command line asked answered with this problem (a refusal, a
    /// term it does not hold, a failure of its own).
    case server(ProblemShape)

    public var description: String {
        switch self {
        case .server(let problem):
            problem.detail
        case .resourceMissing(let path, let searched):
            "cannot find '\(path)' (looked in: \(searched.joined(separator: ", ")))."
        case .badConfiguration(let path, let detail):
            "the configuration file \(path) is not valid: \(detail). Fix it or move it away to use the defaults."
        case .indexMissing(let path):
            "there is no index at \(path) yet."
        case .exposedFile(let path, let mode, let holds):
            "\(path) holds \(holds), but people other than its owner may read or change it "
                + "(permissions \(OwnerOnlyFile.octal(mode))), so it is not used. Run: \(OwnerOnlyFile.chmodAdvice(path))"
        case .indexUnusable(_, let detail), .indexDamaged(_, let detail), .indexBusy(_, let detail):
            detail
        case .userState(let detail):
            detail
        case .badTerm(let text):
            "'\(text)' is not a term: give a code of a season the registrar numbers (202630), a season and year "
                + "(\"spring 2026\", \"Spring 2025-2026\"), or current, next, previous."
        case .unknownTerm(let term, let known):
            known.isEmpty
                ? "the index holds no terms yet, so not \(term)."
                : "the index holds nothing for term \(term); it has \(known.joined(separator: ", "))."
        case .noTerms:
            "the index holds no terms yet."
        case .noMatch(let what, let query, let suggestions):
            "no \(what) matches '\(query)'."
                + (suggestions.isEmpty ? "" : " Did you mean: \(suggestions.joined(separator: ", "))?")
        case .notInTerm(let what, let query, let term, let elsewhere):
            "no \(what) in \(term.name) (\(term.code)) matches '\(query)'; the index has it in "
                + elsewhere.map { "\($0.name) (\($0.code))" }.joined(separator: ", ") + "."
        case .noMeetingTime(let detail), .outsideTerm(let detail):
            detail
        case .teachesNothing(let username, let term):
            "\(username) teaches no section in \(term)."
        case .unknownPeople(let unknown):
            "no person matches " + unknown.map { entry in
                "'\(entry.username)'" + (entry.suggestions.isEmpty ? "" : " (did you mean: \(entry.suggestions.joined(separator: ", "))?)")
            }.joined(separator: ", ") + "."
        case .emptyGroup(let group, let owner):
            "the favorites group '\(group)' of \(owner) has nobody in it."
        case .overlay(let error):
            error.description
        case .busyFile(let path, let problem):
            "\(path): \(problem)"
        case .unreadableFile(let path, let detail):
            "cannot read \(path): \(detail)"
        case .noTermCalendar(let term, let name, let definition):
            "the registrar definition (\(definition)) has no calendar for \(name) (\(term)), so the iCalendar file "
                + "cannot place classes on dates: add calendar.terms.\"\(term)\" with firstDay, lastDay and breaks "
                + "(see the terms already there)."
        case .noEmail(let username):
            "the index has no e-mail address for \(username)."
        case .noPhoto(let username):
            "the directory has no photo of \(username)."
        case .shrinkRefused(let detail):
            detail
        case .incompleteCrawl(let term, let failed, let fetched, let first):
            "Refusing to replace term \(term): \(failed) of its \(fetched) pages were missing or could not be read "
                + "(the first: \(first)), so what was read would lose those sections' students. The previous term is kept."
        case .directoryNotConfigured:
            "no directory to sync from: name an LDAP server and the base DN to search below, or an LDIF file."
        case .directoryBaseMissing(let url):
            "no base DN to search \(url) below (e.g. ou=People,dc=example,dc=edu)."
        case .directoryPasswordMissing(let bindDN):
            "binding as \(bindDN) needs a password, read from a file or an environment variable "
                + "(passwords are never taken as arguments)."
        case .badPolicy(let path, let detail):
            "the policy file \(path) is not valid: \(detail)."
        case .unauthenticated:
            "log in with your campus username and password to see this."
        case .loginFailed:
            "the username or password is not right."
        case .signInRefused(_, let words, _):
            words
        case .loginThrottled(let seconds):
            "too many failed log-ins for this username or from this address: try again in \(Self.minutes(seconds))."
        case .forbidden(let policy, let rule, let covers, let allowed, let subject):
            "the policy \(policy) does not let you see \(subject): its rule '\(rule)' shows \(covers) to "
                + (allowed.isEmpty ? "nobody" : allowed.joined(separator: ", ")) + " only."
        case .invalidParameter(let name, let detail):
            "\(name): \(detail)"
        case .alreadyDone(let what):
            "\(what) already: nothing was changed."
        case .tooOften(let what, let limit, let seconds):
            "you may \(what) \(limit), and did: try again in \(DurationText.text(max(1, (seconds + 59) / 60)))."
        case .mail(let setting, let detail):
            "alert e-mail cannot be sent: \(detail); check \(setting) in the configuration file. Alerts stay queued until it works."
        case .alertsNotConfigured:
            "alerts are not set up: add an alerts: section (from:, and smtp: or sendmail:) to the configuration file."
        case .limitReached(let what, let limit, let advice):
            "you keep \(limit) \(what) already, the most one person may: \(advice)."
        case .notShareable(let group, let people):
            "a link anyone may open shows only your own week and what others teach, and nobody else in the group '\(group)' is "
                + "either (\(people.prefix(5).joined(separator: ", "))\(people.count > 5 ? ", ..." : "")): what a role lets you see "
                + "is not theirs to give away by a link, and a student's week is not yours to share."
        case .directory(let detail), .cleartextBind(let detail), .ldifValueFromFile(let detail), .registrarUnreachable(let detail), .registrar(let detail), .page(let detail),
             .failed(let detail):
            detail
        }
    }
}

extension CampusError {
    /// `15 minutes`, `1 minute`, `30 seconds`.
    static func minutes(_ seconds: Int) -> String {
        if seconds < 60 { return CountedText.text(seconds, "second") }
        let minutes = (seconds + 59) / 60
        return CountedText.text(minutes, "minute")
    }
}

/// A username the index does not know, with its close matches.
public struct UnknownPerson: Hashable, Sendable {
    public var username: String
    public var suggestions: [String]

    public init(username: String, suggestions: [String]) {
        self.username = username
        self.suggestions = suggestions
    }
}
