import CampusCore
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One writer at a time per index, across processes: an exclusive `flock` on
/// `INDEX.lock` beside the index, held from opening the index to write until
/// the process lets go of it. The kernel releases it when the holder exits,
/// however it exits (`kill -9` included), so a crash never leaves it stuck.
///
/// The holder writes its process id and start time into the file, so that the
/// next writer can say who it is waiting for.
///
/// Within one process the lock is shared: a second writer of the same index in
/// the same process (a rebuilt index, a server's writers) gets the hold this
/// process already has, and SQLite's own write lock orders their transactions.
final class IndexWriterLock: Sendable {
    private struct Held: @unchecked Sendable {
        weak var lock: IndexWriterLock?
    }

    /// The holds this process has, by lock file path.
    private static let held = Mutex<[String: Held]>([:])

    /// The lock file's path.
    let path: String
    private let descriptor: Int32

    private init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }


    /// The lock file of the index at `indexPath`.
    static func path(forIndex indexPath: String) -> String { PrivateFiles.resolved(indexPath) + ".lock" }

    /// Takes the lock of the index at `indexPath`, waiting or not as `whenBusy` says.
    ///
    /// - Throws: ``IndexError/busy(path:holder:)`` when another process holds it and
    ///   `whenBusy` is ``WhenIndexBusy/refuse``; ``IndexError/cannotOpen(path:detail:)``
    ///   when the lock file cannot be made.
    static func acquire(forIndex indexPath: String, whenBusy: WhenIndexBusy) throws(IndexError) -> IndexWriterLock {
        let path = URL(fileURLWithPath: path(forIndex: indexPath)).standardizedFileURL.path
        return try held.withLock { (held: inout [String: Held]) throws(IndexError) -> IndexWriterLock in
            if let lock = held[path]?.lock { return lock }
            let lock = try take(path, indexPath: indexPath, whenBusy: whenBusy)
            held[path] = Held(lock: lock)
            return lock
        }
    }

    private static func take(_ path: String, indexPath: String, whenBusy: WhenIndexBusy) throws(IndexError) -> IndexWriterLock {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: indexPath, detail: "cannot create its lock file \(path): \(String(cString: strerror(errno)))")
        }
        let lock = IndexWriterLock(path: path, descriptor: descriptor)
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else {
                throw .cannotOpen(path: indexPath, detail: "cannot lock \(path): \(String(cString: strerror(errno)))")
            }
            let holder = lock.holder()
            switch whenBusy {
            case .refuse:
                throw .busy(path: indexPath, holder: holder)
            case .wait(let notice):
                notice("Another campus process (\(holder)) is writing \(indexPath); waiting for it to finish.")
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        throw .cannotOpen(path: indexPath, detail: "cannot lock \(path): \(String(cString: strerror(errno)))")
                    }
                }
            }
        }
        lock.recordHolder()
        return lock
    }

    /// Who holds the lock, as its holder wrote it: `process 4242, since 2026-11-23T04:10:00Z`.
    private func holder() -> String {
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        let text = count > 0 ? String(decoding: bytes.prefix(count), as: UTF8.self) : ""
        let visible = text.filter { $0.isASCII && !$0.isNewline && ($0.isLetter || $0.isNumber || " ,:-T.Z".contains($0)) }
        return visible.isEmpty ? "a process that has not said which" : visible
    }

    private func recordHolder() {
        let text = "process \(getpid()), since \(Date().formatted(.iso8601))\n"
        _ = ftruncate(descriptor, 0)
        _ = text.withCString { pwrite(descriptor, $0, strlen($0), 0) }
    }
}
