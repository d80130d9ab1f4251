import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Which file an index's path names: its device and inode, through symbolic links. A
/// server compares the file it opened with the one the path names now, so that an index
/// replaced by a rename (`mv new.sqlite index.sqlite`, as a rebuild elsewhere hands it
/// over) is reopened rather than served from the unlinked file for ever, and one removed
/// is noticed.
struct IndexFileIdentity: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The file `path` names now; `nil` when there is none.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}

/// Whether the file an open index was read from is still the one its path names.
public enum IndexFileState: Sendable, Equatable {
    /// The path names the file that was opened (or the index is in memory).
    case current
    /// Another file has taken the path (renamed over it): open it anew.
    case replaced
    /// The path names no file now.
    case missing
}

extension CampusDatabase {
    /// Whether ``path`` still names the file this database opened.
    public var fileState: IndexFileState {
        guard let path, let opened = identity else { return .current }
        guard let now = IndexFileIdentity(path: path) else { return .missing }
        return now == opened ? .current : .replaced
    }

    /// What a writer found wrong with the index at `path`, when it marked the file damaged
    /// (lookups refuse it until it is rebuilt); `nil` when not marked.
    public static func recordedDamage(atPath path: String) -> String? {
        IndexDamage.recorded(forIndex: path)
    }
}
