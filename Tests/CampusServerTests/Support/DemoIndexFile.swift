import CampusLookup
import Foundation
import Synchronization

/// The demo campus in an index file, built once per test process by the use cases
/// themselves (every term crawled from the saved pages, the directory from
/// `fixtures/directory.ldif`); each live server serves a copy of its own. Its folder is
/// removed when the test process exits.
enum DemoIndexFile {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The built file.
    static func url() async throws -> URL {
        try await cache.built()
    }

    private static let cache = Cache()

    private actor Cache {
        private var done: URL?

        func built() async throws -> URL {
            if let done { return done }
            let built = try await DemoIndexFile.build()
            done = built
            return built
        }
    }

    private static func build() async throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("campus-server-tests-\(UUID().uuidString)")
        removeAtExit(folder)
        let index = folder.appendingPathComponent("index.sqlite")
        let campus = try CampusContext(
            indexOption: index.path, paths: CampusPaths(environment: ["HOME": folder.path, "XDG_CONFIG_HOME": folder.path]),
            locator: ResourceLocator(environment: ["CAMPUS_HOME": packageRoot.path]))
        let door = CampusService(operating: campus)
        _ = try await door.syncRegistrar(
            from: try campus.registrarLocation(source: nil), terms: .all, force: false, progress: nil, as: .operator(), now: Date())
        let ldif = packageRoot.appendingPathComponent("fixtures/directory.ldif").path
        _ = try await door.syncDirectory(try campus.directorySyncRequest(DirectorySyncOptions(ldif: ldif)), as: .operator(), now: Date())
        return index
    }
}

/// The folders the test process removes as it exits.
private let removedAtExit = Mutex<[String]>([])

/// Removes `folder` when the test process exits (the built index outlives every test that uses it).
private func removeAtExit(_ folder: URL) {
    let first = removedAtExit.withLock { folders in
        folders.append(folder.path)
        return folders.count == 1
    }
    guard first else { return }
    atexit {
        for path in removedAtExit.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
