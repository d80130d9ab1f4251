import Foundation
import Testing

/// Every `console` example of the README and `docs/` runs, on the index and clock its page
/// states (see ``DocExamples``), and prints what the page shows: none can drift from the
/// tool. `CAMPUS_UPDATE_DOCS=1` writes what the examples printed back into the pages, for
/// a change that means to alter an answer (then read the diff).
@Suite("The examples in the README and docs/", .serialized)
struct DocExamplesTests {
    static let root = CampusRunner.packageRoot
    static let build = root.appendingPathComponent(".build/debug")

    static var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    @Test("every console example prints what its page shows", arguments: pages)
    func examples(page: String) throws {
        let url = Self.root.appendingPathComponent(page)
        let text = try String(contentsOf: url, encoding: .utf8)
        let examples = try DocExamples(page: page, text: text)
        let workspace = try Workspace()
        defer { workspace.remove() }
        var corrections: [(example: DocExamples.Example, actual: [String])] = []
        var prepared: Set<String> = []
        for step in examples.steps {
            switch step {
            case .file(let file):
                try Data(file.contents.utf8).write(to: workspace.folder.appendingPathComponent(file.name))
            case .example(let example):
                if !prepared.contains(example.setting.index) {
                    try workspace.prepare(example.setting.index)
                    prepared.insert(example.setting.index)
                }
                let (status, output) = try workspace.run(example)
                let actual = output.components(separatedBy: "\n")
                let matches = DocExamples.matches(expected: example.expected, actual: actual)
                if !matches { corrections.append((example, actual)) }
                #expect(matches && status == example.status, """
                    \(page):\(example.line): $ \(example.command)
                    exit status \(status) (the page says \(example.status)); printed:
                    \(output)
                    """)
            }
        }
        if ProcessInfo.processInfo.environment["CAMPUS_UPDATE_DOCS"] == "1", !corrections.isEmpty {
            try DocExamplesUpdate.write(corrections, into: url, text: text)
        }
    }

    /// A working folder laid out as the source tree's: `fixtures/`, `scrapers/` and
    /// `../shared` are there, and each index setting gets its own index.
    final class Workspace {
        let top: URL
        let folder: URL
        private var indexes: [String: URL] = [:]
        /// The campus server of the `server` setting, once prepared.
        private var server: LoginEndToEndTests.Setting?

        init() throws {
            top = FileManager.default.temporaryDirectory.appendingPathComponent("campus-docs-\(UUID().uuidString)")
            folder = top.appendingPathComponent("campus-lookup")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let manager = FileManager.default
            try manager.createSymbolicLink(at: top.appendingPathComponent("shared"), withDestinationURL: CampusRunner.samples.deletingLastPathComponent())
            for name in ["fixtures", "scrapers", "api"] {
                try manager.createSymbolicLink(at: folder.appendingPathComponent(name), withDestinationURL: root.appendingPathComponent(name))
            }
        }

        /// Makes the index a setting names: `demo` is the demo campus crawled and its directory
        /// synced; `server` a live `campus serve` of the demo campus's spring term and directory
        /// (slapd checking its log-ins), asked through `CAMPUS_SERVER` with no index here; any
        /// other name (`samples`, `banner9`) an index of its own that starts empty.
        func prepare(_ setting: String) throws {
            if setting == "server" {
                server = try LoginEndToEndTests.Setting()
                return
            }
            let index = top.appendingPathComponent("indexes/\(setting)/index.sqlite")
            indexes[setting] = index
            guard setting == "demo" else { return }
            for command in ["campus sync registrar --term all", "campus sync directory --ldif fixtures/directory.ldif"] {
                let (status, output) = try shell(command, index: index, clock: nil)
                guard status == 0 else { throw DocExampleError("setting up the demo index: \(command) failed: \(output)") }
            }
        }

        func run(_ example: DocExamples.Example) throws -> (Int32, String) {
            if example.setting.index == "server", let server {
                return try shell(example.command, index: nil, clock: example.setting.clock, server: server.server.address)
            }
            guard let index = indexes[example.setting.index] else { throw DocExampleError("unprepared setting \(example.setting.index)") }
            return try shell(example.command, index: index, clock: example.setting.clock)
        }

        private func shell(_ command: String, index: URL?, clock: String?, server: String? = nil) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = ["-c", command]
            process.currentDirectoryURL = folder
            var environment = [
                "HOME": top.appendingPathComponent("home").path,
                "XDG_CONFIG_HOME": top.appendingPathComponent("home/config").path,
                "XDG_DATA_HOME": top.appendingPathComponent("home/data").path,
                "XDG_CACHE_HOME": top.appendingPathComponent("home/cache").path,
                "PATH": DocExamplesTests.build.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                "LANG": "C.UTF-8",
                "COLUMNS": "200",
            ]
            if let index { environment["CAMPUS_INDEX"] = index.path }
            if let server { environment["CAMPUS_SERVER"] = server }
            if let clock { environment["CAMPUS_CLOCK"] = clock }
            process.environment = environment
            // Standard error goes to a file (so neither stream can fill and stop the command) and is shown after standard output.
            let output = Pipe()
            let errorFile = top.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
            let error = try FileHandle(forWritingTo: errorFile)
            defer { try? error.close() }
            process.standardOutput = output
            process.standardError = error
            try process.run()
            let outputData = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: outputData, as: UTF8.self) + String(decoding: try Data(contentsOf: errorFile), as: UTF8.self)
            // iCalendar ends its lines with CR LF; a page shows lines.
            return (process.terminationStatus, text.replacingOccurrences(of: "\r\n", with: "\n"))
        }

        func remove() {
            server?.stop()
            try? FileManager.default.removeItem(at: top)
        }
    }
}

/// Writes what examples printed back into their page, keeping a shortened output short:
/// an example that ended in a `…` line shows as many lines of the new output, then `…`.
enum DocExamplesUpdate {
    static func write(_ corrections: [(example: DocExamples.Example, actual: [String])], into url: URL, text: String) throws {
        var lines = text.components(separatedBy: "\n")
        // From the bottom up, so the line numbers above stay right.
        for (example, actual) in corrections.sorted(by: { $0.example.line > $1.example.line }) {
            var output = actual
            while output.last == "" { output.removeLast() }
            if let cut = example.expected.firstIndex(of: "…"), cut < output.count { output = Array(output[..<cut]) + ["…"] }
            if example.status != 0 { output.append("# exit status \(example.status)") }
            let first = example.line  // the command's line is example.line (1-based), its output follows
            lines.replaceSubrange(first..<(first + example.expected.count + (example.status != 0 ? 1 : 0)), with: output)
        }
        try Data(lines.joined(separator: "\n").utf8).write(to: url)
    }
}
