import Foundation

/// One of the harness's server scripts (`scripts/slapd`, `scripts/samba-ad`): each starts a
/// server in a folder of its own, prints the assignments it wrote to `DIR/env`, and stops it
/// by the folder.
struct HarnessScript {
    let path: String

    /// Starts a server in a new temporary folder named `prefix-UUID`; the folder and what the
    /// script printed. A failed start is stopped and its folder removed.
    func start(prefix: String, files: [String], environment: [String: String] = [:]) throws -> (folder: String, printed: SlapdEnvironment) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)").path
        do {
            let printed = try HarnessCommand(arguments: [path, "start", folder] + files, environment: environment).run()
            return (folder, SlapdEnvironment(parsing: printed))
        } catch {
            stop(folder)
            throw error
        }
    }

    /// Stops the server of `folder` (SIGTERM, then SIGKILL) and removes the folder; harmless twice.
    func stop(_ folder: String) {
        _ = try? HarnessCommand(arguments: [path, "stop", folder]).run()
        try? FileManager.default.removeItem(atPath: folder)
    }
}
