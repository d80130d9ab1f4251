import Crypto
import Foundation

/// The folder beside the index (`index.sqlite.snapshots`, `0700`) where a replica keeps the
/// index snapshots it serves: `v<version>.sqlite`, never written once there, the newest
/// ``kept`` of them (an older one may still be read by a request under way).
struct SnapshotFolder: Sendable {
    let url: URL

    /// How many installed snapshots stay on disk.
    static let kept = 3

    /// The folder for the index at `index`.
    init(index: URL) {
        url = index.deletingLastPathComponent().appendingPathComponent(index.lastPathComponent + ".snapshots")
    }

    /// Creates the folder when missing, and makes it private to its owner.
    func prepare() throws(CampusError) {
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            // A copy being written is readable by others until it is put in place: the folder never is.
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
        } catch {
            throw .failed("the snapshot folder \(url.path) cannot be created: \(error.localizedDescription)")
        }
    }

    /// Where snapshot `version` is kept once installed.
    func file(version: Int64) -> URL {
        url.appendingPathComponent("v\(version).sqlite")
    }

    /// A new name for a file being written (fetched, or copied to publish): never one installed.
    func partialFile() -> URL {
        url.appendingPathComponent(".partial-\(UUID().uuidString).sqlite")
    }

    /// The installed versions, the last installed first (a database made anew numbers from one again).
    func versions() -> [Int64] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let installed = names.compactMap { name -> (version: Int64, at: Date)? in
            guard name.hasPrefix("v"), name.hasSuffix(".sqlite"), let version = Int64(name.dropFirst().dropLast(".sqlite".count)) else { return nil }
            let at = (try? FileManager.default.attributesOfItem(atPath: file(version: version).path)[.modificationDate] as? Date) ?? .distantPast
            return (version, at)
        }
        return installed.sorted { ($0.at, $0.version) > ($1.at, $1.version) }.map(\.version)
    }

    /// Moves the written file `partial` to its place as `version`, private to its owner.
    func install(_ partial: URL, version: Int64) throws(CampusError) -> URL {
        let target = file(version: version)
        do {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: partial.path)
            // The time it was put in place orders what is kept (``versions()``).
            try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: partial.path)
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.moveItem(at: partial, to: target)
        } catch {
            throw .failed("snapshot \(version) cannot be put in \(url.path): \(error.localizedDescription)")
        }
        return target
    }

    /// Removes all but the ``kept`` snapshots installed last, never `serving`, and files left
    /// half-written by a process that stopped.
    func prune(serving: Int64) {
        for version in versions().dropFirst(Self.kept) where version != serving {
            try? FileManager.default.removeItem(at: file(version: version))
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        let staleBefore = Date().addingTimeInterval(-Self.partialLifetime)
        for name in names where name.hasPrefix(".partial-") {
            // Another process of this replica (or a fetch under way) may be writing one now: only old ones go.
            let file = url.appendingPathComponent(name)
            let at = (try? FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? .distantPast
            if at < staleBefore { try? FileManager.default.removeItem(at: file) }
        }
    }

    /// How long a half-written file may go unchanged before it counts as left behind.
    static let partialLifetime: TimeInterval = 3600

    /// The SHA-256 of the file at `file`, in lower-case hexadecimal.
    static func sha256(of file: URL) throws(CampusError) -> String {
        do {
            let handle = try FileHandle(forReadingFrom: file)
            defer { try? handle.close() }
            var hash = SHA256()
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                hash.update(data: chunk)
            }
            return hash.finalize().map { String(format: "%02x", $0) }.joined()
        } catch {
            throw .failed("\(file.path) cannot be read: \(error.localizedDescription)")
        }
    }
}
