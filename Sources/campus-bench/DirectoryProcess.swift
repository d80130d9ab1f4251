import Foundation

/// A program the directory benchmark runs as a whole process (`ldapsearch`, `campus`),
/// timed from launch to exit.
///
/// The executable is resolved on `PATH` once, so no `/usr/bin/env` hop is timed.
/// Standard output goes to a file or `/dev/null`; standard error to a file in the
/// work folder, quoted when the process fails. Secrets travel only as files.
struct DirectoryProcess {
    let executable: URL
    let environment: [String: String]
    let scratch: URL

    /// `program` (a path, or a name found on `PATH`), run with `environment` added to
    /// this process's; standard error kept in `scratch`.
    init(_ program: String, environment: [String: String] = [:], scratch: URL) throws {
        executable = try Self.resolve(program)
        self.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        self.scratch = scratch
    }

    /// Runs with `arguments`, nothing on standard input and standard output to `output`
    /// (`nil`: `/dev/null`); returns the wall time in seconds. Throws unless the process exits 0.
    @discardableResult
    func time(_ arguments: [String], output: URL? = nil) throws -> Double {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let errors = scratch.appendingPathComponent("\(executable.lastPathComponent).stderr")
        process.standardError = try Self.emptyFile(errors)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try output.map(Self.emptyFile) ?? FileHandle.nullDevice
        let seconds = try Stopwatch.time {
            try process.run()
            process.waitUntilExit()
        }.seconds
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw BenchmarkFailure("`\(executable.lastPathComponent) \(arguments.joined(separator: " "))` exited "
                + "\(process.terminationStatus): \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        return seconds
    }

    /// A new empty file at `url` (an old one is emptied), open for writing.
    private static func emptyFile(_ url: URL) throws -> FileHandle {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw BenchmarkFailure("cannot write \(url.path)")
        }
        return try FileHandle(forWritingTo: url)
    }

    /// The program's path: `program` itself when it holds a `/`, else the first match on `PATH`.
    private static func resolve(_ program: String) throws -> URL {
        if program.contains("/") {
            guard FileManager.default.isExecutableFile(atPath: program) else {
                throw BenchmarkFailure("\(program) is not an executable file; build it first")
            }
            return URL(fileURLWithPath: program)
        }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"] {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        throw BenchmarkFailure("\(program) is not on PATH: run scripts/setup")
    }
}
