import Foundation

/// The mark a writer leaves beside an index it found damaged (`INDEX.damaged`,
/// holding what `PRAGMA quick_check` said), so that lookups, which cannot afford
/// to check the whole file themselves, refuse it too until it is rebuilt.
/// A writer that finds the file whole again (or a new one) removes the mark.
enum IndexDamage {
    static func path(forIndex indexPath: String) -> String { PrivateFiles.resolved(indexPath) + ".damaged" }

    /// What the writer found, when the index at `indexPath` is marked damaged.
    static func recorded(forIndex indexPath: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path(forIndex: indexPath)) else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "damaged" : text
    }

    static func mark(forIndex indexPath: String, detail: String) {
        _ = FileManager.default.createFile(atPath: path(forIndex: indexPath), contents: Data((detail + "\n").utf8),
                                       attributes: [.posixPermissions: 0o600])
    }

    static func clear(forIndex indexPath: String) {
        try? FileManager.default.removeItem(atPath: path(forIndex: indexPath))
    }
}
