import Foundation

/// Files holding education records and what people keep (the index, the user
/// state) are readable by their owner only: the folder is created `0700` and
/// the file `0600` before SQLite opens it, so its `-wal` and `-shm` files,
/// which SQLite creates with the main file's permissions, are private too.
enum PrivateFiles {
    /// `path` with its symbolic links followed: the one name of the file, whatever link names
    /// it, for what sits beside it (the writers' lock, the damage mark), so that two writers
    /// through two names of one index still take one lock.
    static func resolved(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// Creates `path`'s folder (`0700`) and an empty `path` (`0600`) when missing.
    static func prepare(_ path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !FileManager.default.fileExists(atPath: folder) {
            do {
                try FileManager.default.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw CannotCreate(path: folder, folder: URL(fileURLWithPath: folder).deletingLastPathComponent().path)
            }
        }
        guard !FileManager.default.fileExists(atPath: path) else { return }
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else {
            throw CannotCreate(path: path, folder: folder)
        }
    }

    /// A file that could not be made, said in words rather than as a Foundation error number.
    struct CannotCreate: Error, CustomStringConvertible {
        let path: String
        let folder: String

        var description: String {
            FileManager.default.isWritableFile(atPath: folder)
                ? "\(path) could not be created"
                : "\(path) could not be created: this user may not write in \(folder)"
        }
    }
}
