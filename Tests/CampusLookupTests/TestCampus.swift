import CampusLookup
import Foundation
import Registrar

/// A campus set up in a throwaway home folder: its own configuration, index and
/// password file, and the project's shipped scrapers and demo campus.
struct TestCampus {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let demoPages = packageRoot.appendingPathComponent("fixtures/demo-campus")

    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("campus-lookup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/campus"), withIntermediateDirectories: true)
    }

    var environment: [String: String] {
        ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
         "XDG_DATA_HOME": home.appendingPathComponent("data").path, "CAMPUS_HOME": Self.packageRoot.path]
    }

    /// Writes `config.yaml` and, when given, the registrar password file it names.
    func configure(_ yaml: String, password: String? = nil) throws {
        if let password {
            try password.write(to: home.appendingPathComponent("registrar.password"), atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: home.appendingPathComponent("registrar.password").path)
        }
        let config = home.appendingPathComponent("config/campus/config.yaml")
        try yaml.replacingOccurrences(of: "$HOME", with: home.path).write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.path)
    }

    /// The campus as the CLI would open it in this home.
    func context() throws -> CampusContext {
        try CampusContext(paths: CampusPaths(environment: environment), locator: ResourceLocator(environment: environment))
    }

    /// The shipped registrar definition, `scrapers/rose-hulman.yaml`.
    static func definition() throws -> RegistrarDefinition {
        try RegistrarDefinition.load(contentsOf: packageRoot.appendingPathComponent("scrapers/rose-hulman.yaml"))
    }

    func cleanUp() {
        try? FileManager.default.removeItem(at: home)
    }
}
