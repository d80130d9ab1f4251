internal import CampusIndex
import CampusCore

/// How much of a person's classes a lookup may read, decided by the policy before any of
/// them is read: everything they take and teach (to themselves, their advisor, their
/// instructors, the registrar; the command line), only what they teach (the listings), or
/// nothing. What a person takes is an education record: a lookup limited to ``teaching``
/// never reads it, so neither its answer nor its timing can tell it.
enum ClassesShown: Sendable {
    case all
    case teaching
    case none

    /// The terms of the person's classes this shows, newest first.
    func terms(of username: String, _ reader: IndexReader) throws -> [TermCode] {
        switch self {
        case .all: try reader.terms(for: username)
        case .teaching: try reader.teachingTerms(of: username)
        case .none: []
        }
    }
}
