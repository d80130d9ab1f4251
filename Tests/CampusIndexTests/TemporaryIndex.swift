import CampusIndex
import Foundation

/// A fresh folder under the system's temporary directory, removed when released.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("campus-index-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// A path inside the folder (its parent folders are not created).
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// A real index file in its own temporary folder.
struct TemporaryIndex {
    let folder: TemporaryFolder
    let store: CampusDatabase

    init() throws {
        folder = try TemporaryFolder()
        store = try CampusDatabase.open(path: folder.path("index/campus.sqlite"), access: .readWrite)
    }
}
