import CampusCore
import Foundation

/// A username a campus gives again (``DirectoryStanding/arrivedAt``) keeps the registrar's rows
/// of whoever held it before: their enrollments and teaching (``HandedOverRows``, left out of
/// every read), their registrar record and the advisees the registrar names them for. None of
/// it is the new holder's: no schedule, history, card, relation or roster entry of theirs is
/// built on it.
extension IndexReader {
    /// Whether `username` changed hands: a sync read its present holder after someone else had
    /// held it (kept: ``IndexCache``).
    func changedHands(_ username: String) throws -> Bool {
        try cached(.changedHands(IndexCache.key(username))) { try standing(of: username).arrivedAt != nil }
    }

    /// The registrar's record of `username` as far as it can be its present holder's: as read
    /// when no one held the username before; for a username given again, the reading of the
    /// newest term the registrar lists them in since, and none before it does (the record then
    /// is the previous holder's: their Banner ID, major, class and advisor).
    func holdersRecord(_ username: String, _ record: Person?) throws -> Person? {
        guard record != nil, try changedHands(username) else { return record }
        guard let term = try termCodes(of: username).first else { return nil }
        return try termPart(of: username, term: term, teachingOnly: false).person
    }

    /// Whether `username`, named as someone's advisor by the registrar, can be its present
    /// holder: not when the username changed hands (the directory names advisors as they are now).
    func advisesAsNamed(_ username: String) throws -> Bool {
        try !changedHands(username)
    }
}
