import Foundation

/// The `console` examples of a Markdown page, in order, with what each needs to run.
///
/// A page states where its examples run in HTML comments, which hold for the blocks after
/// them until the next one:
///
/// - `<!-- examples: demo -->`: the bundled demo campus crawled and its directory synced;
///   `server`: a campus server of the demo campus, named by `CAMPUS_SERVER`, and no index;
///   any other name (`samples`, `banner9`) an index of that name that starts empty, for
///   the page's own imports; add `clock=2026-11-24T10:05` for a stated campus clock
///   (`CAMPUS_CLOCK`). The index lives for the rest of the page, so an example sees
///   what the ones before it did (an import, a favorite added).
/// - `<!-- file: NAME -->` before a plain code block: the block is written to `NAME` in
///   the working folder first (an extract the next example imports).
///
/// In a `console` block each `$ ` line is a command (run by bash, in a working folder
/// where `../shared` and `fixtures/` are what they are beside the source tree); the
/// lines up to the next command are what it prints, standard error after standard
/// output. `# exit status N` ends the output of a command that exits with `N` (else 0
/// is expected). In the expected text `…` stands for anything within a line, and a line
/// that is only `…` for the rest of the output.
struct DocExamples {
    /// Where examples run.
    struct Setting: Equatable {
        var index: String
        var clock: String?
    }

    /// One command and what it should print.
    struct Example {
        let page: String
        let line: Int
        let setting: Setting
        let command: String
        let expected: [String]
        let status: Int32
    }

    /// A file an example needs, written before it runs.
    struct File {
        let name: String
        let contents: String
    }

    enum Step {
        case example(Example)
        case file(File)
    }

    let steps: [Step]

    init(page: String, text: String) throws {
        var steps: [Step] = []
        var setting: Setting?
        var pendingFile: String?
        let lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if let marker = Self.comment(line, named: "examples") {
                let words = marker.split(separator: " ").map(String.init)
                setting = words.first.map { Setting(index: $0, clock: words.dropFirst().first { $0.hasPrefix("clock=") }.map { String($0.dropFirst(6)) }) }
            } else if let name = Self.comment(line, named: "file") {
                pendingFile = name
            } else if line.hasPrefix("```") {
                let fence = line
                var body: [String] = []
                var end = index + 1
                while end < lines.count, !lines[end].hasPrefix("```") {
                    body.append(lines[end])
                    end += 1
                }
                if let name = pendingFile {
                    steps.append(.file(File(name: name, contents: body.joined(separator: "\n") + "\n")))
                    pendingFile = nil
                } else if fence == "```console" {
                    guard let setting else {
                        throw DocExampleError("\(page):\(index + 1): a console example with no <!-- examples: ... --> before it")
                    }
                    steps += Self.examples(in: body, firstLine: index + 2, page: page, setting: setting).map(Step.example)
                }
                index = end
            }
            index += 1
        }
        self.steps = steps
    }

    /// The commands of one `console` block.
    private static func examples(in body: [String], firstLine: Int, page: String, setting: Setting) -> [Example] {
        var result: [Example] = []
        var current: (command: String, line: Int, output: [String])?
        func finish() {
            guard let (command, line, output) = current else { return }
            var expected = output
            var status: Int32 = 0
            if let last = expected.last, last.hasPrefix("# exit status "), let code = Int32(last.dropFirst("# exit status ".count)) {
                status = code
                expected.removeLast()
            }
            result.append(Example(page: page, line: line, setting: setting, command: command, expected: expected, status: status))
        }
        for (offset, line) in body.enumerated() {
            if line.hasPrefix("$ ") {
                finish()
                current = (String(line.dropFirst(2)), firstLine + offset, [])
            } else {
                current?.output.append(line)
            }
        }
        finish()
        return result
    }

    /// The text of `<!-- name: text -->`, if `line` is one.
    private static func comment(_ line: String, named name: String) -> String? {
        let prefix = "<!-- \(name): "
        guard line.hasPrefix(prefix), line.hasSuffix(" -->") else { return nil }
        return String(line.dropFirst(prefix.count).dropLast(4))
    }

    /// Whether `actual` is what `expected` shows, `…` standing for anything.
    static func matches(expected: [String], actual: [String]) -> Bool {
        var actual = actual
        while actual.last == "" { actual.removeLast() }
        var expected = expected
        while expected.last == "" { expected.removeLast() }
        for (index, line) in expected.enumerated() {
            if line == "…" { return true }
            guard index < actual.count, lineMatches(line, actual[index]) else { return false }
        }
        return expected.count == actual.count
    }

    private static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        let parts = pattern.components(separatedBy: "…")
        guard parts.count > 1 else { return pattern == line }
        guard line.hasPrefix(parts[0]), line.hasSuffix(parts[parts.count - 1]),
              line.count >= parts[0].count + parts[parts.count - 1].count else { return false }
        var rest = Substring(line.dropFirst(parts[0].count).dropLast(parts[parts.count - 1].count))
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }
}

struct DocExampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
