import Foundation

/// Runs a command to completion with its output captured in files, so no pipe
/// can fill up and no stray child (slapd) keeps a pipe open.
struct HarnessCommand {
    let arguments: [String]
    var environment: [String: String] = [:]

    /// Runs the command, `input` on standard input; returns standard output.
    /// Throws ``SlapdError`` with standard error when it exits non-zero.
    @discardableResult
    func run(input: String? = nil) throws -> String {
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("slapd-harness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: scratch, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: scratch) }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = scratch.appendingPathComponent("stdout")
        let errors = scratch.appendingPathComponent("stderr")
        let inputFile = scratch.appendingPathComponent("stdin")
        try Data((input ?? "").utf8).write(to: inputFile)
        try Data().write(to: output)
        try Data().write(to: errors)
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)

        do {
            try process.run()
        } catch {
            throw SlapdError(command: arguments, status: nil, standardError: "\(error)")
        }
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw SlapdError(
                command: arguments, status: process.terminationStatus,
                standardError: stderr.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return try String(contentsOf: output, encoding: .utf8)
    }
}
