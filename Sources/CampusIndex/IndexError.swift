import CampusCore
internal import GRDB

/// What can go wrong with the index, each case saying what went wrong in words a
/// person can act on; front ends add how to act with their own means (flags, routes).
public enum IndexError: Error, Equatable, CustomStringConvertible {
    /// No index file at `path`, and a lookup never creates one.
    case missing(path: String)
    /// The file at `path` is not a readable campus index (garbage bytes, another
    /// program's database, a damaged page). The file is left untouched.
    case corrupt(path: String, detail: String)
    /// The index file or its folder could not be created or opened.
    case cannotOpen(path: String, detail: String)
    /// The index was written by a newer version of campus than this one.
    case newerVersion(path: String)
    /// Another process is writing the index (`holder` says which) and waiting was refused.
    case busy(path: String, holder: String)
    /// A crawl found far fewer sections (or enrollments: `what`) than the index holds for the
    /// term; refused so that a half-broken crawl does not wipe a good term.
    case suspiciousShrink(term: TermCode, before: Int, after: Int, what: String = "sections")
    /// A full directory sync staged nobody, or fewer than half the people the index
    /// holds; refused so that a broken search does not empty a good directory.
    case suspiciousDirectoryShrink(source: String, before: Int, after: Int, removed: Int, limit: Double)
    /// A snapshot contradicts itself (an enrollment in a section it lacks); nothing was written.
    case invalidSnapshot(term: TermCode, detail: String)
    /// A stored raw page could not be decompressed.
    case damagedRawPage(source: String, detail: String)
    /// SQLite refused an operation for another reason.
    case database(operation: String, detail: String)

    /// What a failure means for a person: a damaged file, an unopenable one, or a refused operation.
    init(_ error: any Error, path: String, operation: String) {
        if let error = error as? IndexError {
            self = error
            return
        }
        guard let error = error as? DatabaseError else {
            self = .database(operation: operation, detail: "\(error)")
            return
        }
        let detail = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            self = .corrupt(path: path, detail: detail)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            self = .cannotOpen(path: path, detail: detail)
        default:
            self = .database(operation: operation, detail: detail)
        }
    }

    /// What went wrong, for a person to read.
    public var description: String {
        switch self {
        case let .missing(path):
            "There is no index at \(path) yet."
        case let .corrupt(path, detail):
            "The index at \(path) is not a readable campus index (\(detail)). It was left untouched."
        case let .cannotOpen(path, detail):
            "Cannot open the index at \(path): \(detail)."
        case let .newerVersion(path):
            "The index at \(path) was written by a newer version of campus; update campus to use it."
        case let .busy(path, holder):
            "Another campus process (\(holder)) is writing the index at \(path); nothing was changed."
        case let .suspiciousShrink(term, before, after, what):
            "Refusing to replace term \(term): it would fall from \(before) to \(after) \(what), "
                + "more than half gone, which usually means a broken crawl. The previous term is kept."
        case let .suspiciousDirectoryShrink(source, before, after, removed, limit):
            "Refusing to replace the directory with what \(source) returned: "
                + (after == 0 ? "it lists nobody, and every one of the \(before) people the index holds would go, "
                    : "it would remove \(removed) of the \(before) people the index holds (it lists \(after)), "
                        + "more than the \(Int((limit * 100).rounded()))% a full sync may remove, ")
                + "which usually means a cut-off export or a broken search (a wrong base DN or filter, an expired bind). "
                + "The previous directory is kept."
        case let .invalidSnapshot(term, detail):
            "Refusing to store term \(term): \(detail). Nothing was changed; "
                + "this is a scraper bug worth reporting with the pages that produced it."
        case let .damagedRawPage(source, detail):
            "The saved copy of \(source) is damaged (\(detail)); sync again to fetch it anew."
        case let .database(operation, detail):
            "The index could not \(operation): \(detail)."
        }
    }
}
