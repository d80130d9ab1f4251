import Foundation

/// The campus server `campus login` logged in to, and the session it got: kept in
/// ``CampusPaths/loginFile``, readable by its owner only (the folder `0700`, the file `0600`,
/// written whole under another name first), and never printed.
public struct SavedLogin: Codable, Equatable, Sendable {
    /// `https://campus.example.edu`, without a trailing slash.
    public var server: String
    public var username: String
    /// The session's token: what `Authorization: Bearer` carries.
    public var token: String
    public var savedAt: Date

    public init(server: String, username: String, token: String, savedAt: Date) {
        self.server = server
        self.username = username
        self.token = token
        self.savedAt = savedAt
    }

    /// The login kept at `file`; `nil` when there is none.
    ///
    /// - Throws: ``CampusError/exposedFile(path:mode:holds:)`` when others may read the file, and
    ///   ``CampusError/unreadableFile(path:detail:)`` when it is not one `campus login` wrote.
    public static func read(from file: URL) throws(CampusError) -> SavedLogin? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let mode = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.posixPermissions] as? Int) ?? 0
        if mode & 0o077 != 0 { throw .exposedFile(path: file.path, mode: mode, holds: "the session of campus login") }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            return try decoder.decode(SavedLogin.self, from: Data(contentsOf: file))
        } catch {
            throw .unreadableFile(path: file.path, detail: "it is not a login campus login kept: run campus logout, then campus login")
        }
    }

    /// Keeps this login at `file`, readable by its owner only.
    public func save(to file: URL) throws(CampusError) {
        let folder = file.deletingLastPathComponent()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        let temporary = folder.appendingPathComponent(".login-\(UUID().uuidString).json")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: temporary.path, contents: try encoder.encode(self), attributes: [.posixPermissions: 0o600])
            else { throw CocoaError(.fileWriteNoPermission) }
            // rename(2): the login is replaced whole, or not at all.
            guard rename(temporary.path, file.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .failed("cannot keep the login in \(file.path) (\(error.localizedDescription)): check that this user may write in \(folder.path)")
        }
    }

    /// Forgets the login kept at `file`, if any.
    public static func forget(at file: URL) {
        try? FileManager.default.removeItem(at: file)
    }
}
