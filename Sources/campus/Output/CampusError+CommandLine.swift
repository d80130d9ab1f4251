import CampusCore
import CampusLookup

extension CampusError {
    /// The error as the command line says it: what went wrong, then what to do
    /// about it with `campus`'s own commands and flags.
    var commandLineText: String {
        switch self {
        case .busyFile:
            "--busy " + Self.sentence(description, then: commandLineHint)
        default:
            Self.sentence(description, then: commandLineHint)
        }
    }

    /// `text`, ended as a sentence when a hint follows it.
    private static func sentence(_ text: String, then hint: String?) -> String {
        guard let hint else { return text }
        let ended = text.last.map { !($0.isLetter || $0.isNumber) } ?? true
        return text + (ended ? " " : ". ") + hint
    }

    /// What to do about the error with `campus`'s commands and flags; `nil` when the description says it all.
    var commandLineHint: String? {
        switch self {
        case .server:
            nil
        case .resourceMissing:
            "Set CAMPUS_HOME to the campus-lookup folder that holds scrapers/ and fixtures/."
        case .indexMissing:
            "Make one with `campus sync registrar` or `campus import FILE...` (or `campus sync directory` for "
                + "the directory alone), or choose another with --index or CAMPUS_INDEX."
        case .indexUnusable(let path, _):
            path == "memory" ? nil : "Or choose another file with --index or CAMPUS_INDEX."
        case .indexDamaged(let path, _):
            "To rebuild it: mv \(ShellWord.quoted(path)) \(ShellWord.quoted(path + ".bad")), then `campus sync registrar --term all` "
                + "(or `campus import` your saved pages) and `campus sync directory --full`. Favorites live apart and are kept."
        case .indexBusy:
            "Run again once it has finished, or without --no-wait to wait for it."
        case .unknownTerm(let term, let known):
            known.isEmpty
                ? "Run `campus sync registrar` or `campus import FILE...` first."
                : "Run `campus sync registrar --term \(term)` to fetch it."
        case .noTerms:
            "Run `campus sync registrar` or `campus import FILE...` first."
        case .notInTerm(_, _, _, let elsewhere):
            elsewhere.first.map { "Give --term \($0.code)." }
        case .outsideTerm:
            "Give --week a date within them, or another --term."
        case .noMeetingTime:
            "See the times with `campus meet` without --invite; --week chooses the week."
        case .teachesNothing(let username, _):
            "`campus history \(username)` lists the terms they have classes in."
        case .unknownPeople:
            "Find usernames with `campus search NAME`."
        case .emptyGroup(let group, _):
            "Add people with `campus favorites add USER --group \(group)`, or list the groups with `campus favorites list`."
        case .overlay(.noMembers):
            "Give usernames, e.g. campus overlay brennam whitfid --term 202630."
        case .overlay(.tooManyMembers(let count, _)):
            "Overlay fewer people (one section rather than a whole course) or raise the limit with --max \(count)."
        case .overlay(.noDays):
            "Give --days, e.g. --days MTWRF."
        case .overlay(.badMinimum):
            "Give --min 50, for example."
        case .busyFile:
            "Give the path of an .ics file, e.g. --busy meetings.ics."
        case .noTermCalendar:
            "Or choose another term with --term."
        case .noEmail(let username):
            "Run `campus sync directory` to read the directory, or see `campus person \(username)` for other ways to reach them."
        case .noPhoto:
            nil
        case .shrinkRefused:
            "If that is really so, run again with --force."
        case .incompleteCrawl:
            "Run again (the registrar may have been busy or refused some pages), or with --force to replace the term with what was read."
        case .directoryNotConfigured:
            "Give --url ldap://host --base DN (or --ldif FILE), or set directory.url and directory.base in the configuration file."
        case .directoryBaseMissing:
            "Give --base, or set directory.base in the configuration file."
        case .directoryPasswordMissing:
            "Give --password-file FILE or --password-env VARIABLE (or directory.password-file in the configuration file)."
        case .cleartextBind:
            "Give --starttls (with --ca-file), use an ldaps:// URL, or if the network is trusted, --allow-cleartext."
        case .ldifValueFromFile:
            "Write the value into the file itself, or allow files under one folder with --ldif-files-under FOLDER."
        case .registrarUnreachable:
            "Or work from saved pages with --source DIR."
        case .badPolicy:
            "Fix it, or choose a shipped policy with --policy ferpa-strict or --policy reg-sched-compatible."
        case .invalidParameter(let name, _):
            // `members` are the command's arguments and `serve` its settings as a whole, not a flag;
            // the detail says what to write.
            ["members", "serve"].contains(name) ? nil : "Check --\(name)."
        case .badConfiguration, .userState, .exposedFile, .badTerm, .noMatch, .unreadableFile, .directory, .registrar,
             .page, .failed, .unauthenticated, .loginFailed, .loginThrottled, .signInRefused, .forbidden, .limitReached, .notShareable,
             .alreadyDone, .tooOften, .mail, .alertsNotConfigured:
            nil
        }
    }
}
