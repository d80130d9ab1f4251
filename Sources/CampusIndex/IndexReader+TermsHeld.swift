import CampusCore
import Foundation

/// Which terms' classes under a username are those of the person who holds it now.
///
/// A username a campus gives again (``DirectoryStanding/arrivedAt``) keeps the registrar's
/// rows of whoever held it before: their enrollments and the sections they taught. Those
/// rows are the previous holder's, never the new person's: no schedule, history, card,
/// relation or roster entry of the new person is built on them.
enum TermsHeld: Sendable, Equatable {
    /// No one is known to have held the username before: every term.
    case all
    /// The term under way when a sync first read the present holder (or the last one ended,
    /// between terms) and every later term.
    case from(TermCode)
    /// The username changed hands but the index holds no term clock to tell when: none,
    /// rather than show someone else's classes.
    case none

    /// Whether the classes of `term` under the username can be its present holder's.
    func contains(_ term: TermCode) -> Bool {
        switch self {
        case .all: true
        case .from(let first): term >= first
        case .none: false
        }
    }

    /// The lowest term code that can be the holder's, for a statement's `term >= ?`; `nil` for none.
    var lowerBound: String? {
        switch self {
        case .all: ""
        case .from(let first): first.rawValue
        case .none: nil
        }
    }
}

extension IndexReader {
    /// The terms whose classes under `username` are its present holder's (kept: ``IndexCache``).
    func termsHeld(by username: String) throws -> TermsHeld {
        try cached(.termsHeld(IndexCache.key(username))) {
            guard let arrived = try standing(of: username).arrivedAt else { return TermsHeld.all }
            let seconds = Int64(arrived.timeIntervalSince1970.rounded(.down))
            guard let first = try termClock()?.resolve(.current, secondsSince1970: seconds) else { return TermsHeld.none }
            return .from(first)
        }
    }

    /// The registrar's record of `username` as far as it can be its present holder's: as read
    /// when no one held the username before; for a username given again, the reading of the
    /// newest term they have classes in, and none before the registrar lists them in one (the
    /// record then is the previous holder's: their Banner ID, major, class and advisor).
    func holdersRecord(_ username: String, _ record: Person?) throws -> Person? {
        guard record != nil, try termsHeld(by: username) != .all else { return record }
        guard let term = try termCodes(of: username).first else { return nil }
        return try termPart(of: username, term: term, teachingOnly: false).person
    }

    /// Whether `username`, named as someone's advisor by the registrar, can be its present
    /// holder: not when the username changed hands (the directory names advisors as they are now).
    func advisesAsNamed(_ username: String) throws -> Bool {
        try termsHeld(by: username) == .all
    }
}
