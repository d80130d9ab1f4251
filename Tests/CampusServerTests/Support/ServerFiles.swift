import CampusLookup
import Foundation
import Synchronization

/// The files a test server keeps in its own folder: a copy of the demo index, the
/// configuration file, the user-state store the service makes beside them.
enum ServerFiles {
    /// A fresh folder for a server's files, removed as the test process exits (a test may
    /// start a second server on the folder of one it stopped).
    static func freshRoot() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("campus-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("config/campus"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        made.withLock { roots in
            if roots.isEmpty { atexit { ServerFiles.removeMade() } }
            roots.append(root)
        }
        return root
    }

    /// The folders ``freshRoot()`` made in this process.
    private static let made = Mutex<[URL]>([])

    private static func removeMade() {
        for root in made.withLock({ $0 }) { try? FileManager.default.removeItem(at: root) }
    }

    /// `root`'s copy of the demo index (made when missing), private to its owner.
    static func demoIndex(in root: URL) async throws -> URL {
        let index = root.appendingPathComponent("index.sqlite")
        if !FileManager.default.fileExists(atPath: index.path) {
            try FileManager.default.copyItem(at: try await DemoIndexFile.url(), to: index)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: index.path)
        }
        return index
    }

    /// Writes `root`'s configuration file (mode 600).
    static func writeConfiguration(_ text: String, in root: URL) throws {
        let configFile = root.appendingPathComponent("config/campus/config.yaml")
        try text.write(to: configFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: configFile.path)
    }

    /// A campus over `root`'s files, as the server reads them.
    static func campus(in root: URL) throws -> CampusContext {
        try CampusContext(
            paths: CampusPaths(environment: ["HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path]),
            locator: ResourceLocator(environment: ["CAMPUS_HOME": DemoIndexFile.packageRoot.path]), concurrentReads: true)
    }

    /// `flags` as every test server starts with them, unless a test gives the flag itself: any
    /// free port, `marchk` the registrar, no directory refreshes.
    static func testDefaults(_ flags: [String]) -> [String] {
        let defaults = [("--port", "0"), ("--role", "registrar=marchk"), ("--directory-refresh-minutes", "0"), ("--directory-full-at", "off")]
        return flags + defaults.filter { flag, _ in !flags.contains { $0 == flag || $0.hasPrefix(flag + "=") } }.flatMap { [$0, $1] }
    }
}
