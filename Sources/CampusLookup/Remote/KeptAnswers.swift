import Crypto
import Foundation

/// The last answers a campus server gave the person logged in for their weeks and the sections
/// they looked up, kept so that a command still answers when the server cannot be reached
/// (“offline: as of TIME”). One file per request under ``CampusPaths/keptAnswersFolder``
/// (the folder `0700`, each file `0600`, written whole under another name first); an answer the
/// server later refuses is forgotten, and the whole folder when the session ends or at
/// `campus logout`.
public struct KeptAnswers: Sendable {
    /// One kept answer: the request it answered and when.
    struct Entry: Codable {
        var server: String
        var username: String
        var request: String
        var savedAt: Date
        var body: Data
    }

    /// Where the answers are kept.
    public let folder: URL
    let server: String
    let username: String

    /// The answers kept for `login`'s person at `login`'s server.
    public init(folder: URL, login: SavedLogin) {
        self.folder = folder
        server = login.server
        username = login.username
    }

    /// Whether the answer to `request` (a path and its query) is one to keep: the schedules
    /// (the person's own week, their favorites'), what an instructor teaches, the favorites,
    /// and courses and sections looked up; never rosters, cards, searches or photos.
    static func keeps(_ request: String) -> Bool {
        let path = request.split(separator: "?", maxSplits: 1).first.map(String.init) ?? request
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[0] == "v1" else { return false }
        switch parts[1] {
        case "people": return parts.count == 4 && parts[3] == "schedule"
        case "instructors": return parts.count == 4 && parts[3] == "sections"
        case "courses": return parts.count == 3
        case "sections": return parts.count == 3
        case "me": return parts.count == 3 && parts[2] == "favorites"
        default: return false
        }
    }

    /// The answer kept for `request`, and when it was given; `nil` when none is (or the file is
    /// not one this person's lookups wrote, or others may read it).
    func answer(to request: String) -> (body: Data, savedAt: Date)? {
        let file = self.file(for: request)
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
              let mode = attributes[.posixPermissions] as? Int, mode & 0o077 == 0,
              let data = try? Data(contentsOf: file)
        else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let entry = try? decoder.decode(Entry.self, from: data),
              entry.server == server, entry.username == username, entry.request == request
        else { return nil }
        return (entry.body, entry.savedAt)
    }

    /// Keeps `body` as the answer to `request`, given at `moment`; a failure to write keeps nothing
    /// (the answer itself was given).
    func keep(_ body: Data, for request: String, at moment: Date) {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        guard let data = try? encoder.encode(Entry(server: server, username: username, request: request, savedAt: moment, body: body))
        else { return }
        let file = self.file(for: request)
        let temporary = folder.appendingPathComponent(".kept-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            guard FileManager.default.createFile(atPath: temporary.path, contents: data, attributes: [.posixPermissions: 0o600]),
                  rename(temporary.path, file.path) == 0
            else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    /// Forgets the answer kept for `request`: the server refused it.
    func forget(_ request: String) {
        try? FileManager.default.removeItem(at: file(for: request))
    }

    /// Forgets every answer kept in `folder`, whoever's: at log-in, log-out, and when a session ended.
    public static func forgetAll(in folder: URL) {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The file of `request`'s answer: named by a digest of the server, the person and the request.
    private func file(for request: String) -> URL {
        let digest = SHA256.hash(data: Data([server, username, request].joined(separator: "\n").utf8))
        return folder.appendingPathComponent(digest.map { String(format: "%02x", $0) }.joined() + ".json")
    }
}
