/// Reads a template's text into the parts ``TemplateLibrary`` renders, by swift-mustache's rules
/// for the tags the web app's templates use: variables (`{{name}}`, `{{{name}}}`, `{{&name}}`,
/// dotted names and `{{.}}`), sections and inverted sections, comments, partials (`{{>name}}`),
/// parents with blocks (`{{<layout}}{{$main}}…{{/main}}{{/layout}}`), and the content type
/// every template declares (`{{% CONTENT_TYPE: CAMPUS_HTML}}`).
///
/// A line that holds nothing but white space and a section's, a partial's, a parent's, a block's,
/// a comment's or the content type's tag is standalone: its newline and trailing white space
/// are not written, nor its leading white space but before a partial, a parent or a block,
/// whose parts are then indented by it (``TemplateLibrary/Part/partial(_:indentation:overrides:)``).
/// Inside a parent's block each line loses the indentation of the block's first line. A tag this reader
/// does not know (set delimiters, transforms, dynamic partials) is an error naming the line.
struct TemplateParser {
    private let bytes: [UInt8]
    private var position = 0

    /// The template `text` read into parts.
    static func parts(of text: [UInt8]) throws(TemplateLibrary.ParseError) -> [TemplateLibrary.Part] {
        var parser = TemplateParser(bytes: text)
        do {
            return try parser.parse(State()).parts
        } catch {
            let line = 1 + text[..<min(parser.position, text.count)].count(where: { $0 == newline })
            throw TemplateLibrary.ParseError(line: line, problem: error.description)
        }
    }

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// What is wrong at the reader's place.
    private struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    /// Where the reader is: in which section, at a line's start or not, in a parent or a block of one.
    private struct State {
        var sectionName: String?
        var atLineStart = true
        /// Directly inside a parent (`{{<layout}}`), where only blocks count.
        var inParent = false
        /// Inside a block a parent overrides.
        var inOverride = false
        /// How much of each line's indentation an override's lines lose: its first line's.
        var overrideIndent: Int?

        func section(_ name: String, atLineStart: Bool) -> State {
            var state = self
            state.sectionName = name
            state.inParent = false
            state.atLineStart = self.atLineStart && atLineStart
            return state
        }

        func parent(_ name: String) -> State {
            var state = self
            state.sectionName = name
            state.atLineStart = true
            state.inParent = true
            state.inOverride = true
            return state
        }
    }

    /// The parts up to the end of the section `state` is in (or of the text), and the blocks a parent defines.
    private struct Parsed {
        var parts: [TemplateLibrary.Part] = []
        var overrides: [String: [TemplateLibrary.Part]] = [:]
    }

    private mutating func parse(_ state: State) throws(Problem) -> Parsed {
        var state = state
        var parsed = Parsed()
        var whitespaceBefore: [UInt8] = []
        func flushWhitespace() {
            if !whitespaceBefore.isEmpty { parsed.parts.append(.text(whitespaceBefore)) }
            whitespaceBefore = []
        }
        while position < bytes.count {
            if state.atLineStart {
                let whitespace = read { $0 == space || $0 == tab }
                if state.inOverride && !state.inParent {
                    if let indent = state.overrideIndent { whitespaceBefore = Array(whitespace.dropFirst(indent)) } else { state.overrideIndent = whitespace.count }
                } else {
                    whitespaceBefore = Array(whitespace)
                }
            }
            let (text, ending) = readText()
            if ending == .newline {
                parsed.parts.append(.text(whitespaceBefore + text + [newline]))
                position += 1
                state.atLineStart = true
                continue
            }
            if !text.isEmpty {
                parsed.parts.append(.text(whitespaceBefore + text))
                whitespaceBefore = []
                state.atLineStart = false
            }
            guard ending == .tag, position < bytes.count else { break }
            var standalone = false
            let sigil = bytes[position]
            switch sigil {
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                position += 1
                let name = try readName()
                standalone = isStandalone(state)
                if !standalone { flushWhitespace() }
                let body = try parse(state.section(name, atLineStart: standalone)).parts
                let variable = TemplateLibrary.Name(name)
                parsed.parts.append(sigil == UInt8(ascii: "#") ? .section(variable, body) : .invertedSection(variable, body))
            case UInt8(ascii: "/"):
                position += 1
                let name = try readName()
                guard name == state.sectionName else {
                    throw Problem(description: state.sectionName.map { "{{/\(name)}} closes {{\($0)}}'s section" } ?? "{{/\(name)}} closes no section")
                }
                if !isStandalone(state) { flushWhitespace() }
                return parsed
            case UInt8(ascii: "!"):
                position += 1
                guard let end = find(closing) else { throw Problem(description: "a comment that never ends with }}") }
                position = end + closing.count
                standalone = isStandalone(state)
            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                flushWhitespace()
                position += 1
                let name = try readName()
                if sigil == UInt8(ascii: "{") {
                    guard position < bytes.count, bytes[position] == UInt8(ascii: "}") else { throw Problem(description: "{{{\(name)}} is missing its third }") }
                    position += 1
                }
                parsed.parts.append(.variable(TemplateLibrary.Name(name), escaped: false))
            case UInt8(ascii: ">"):
                position += 1
                let name = try readPartialName()
                if !whitespaceBefore.isEmpty { parsed.parts.append(.text(whitespaceBefore)) }
                standalone = isStandalone(state)
                parsed.parts.append(.partial(name, indentation: standalone ? whitespaceBefore : [], overrides: [:]))
                whitespaceBefore = []
            case UInt8(ascii: "<"):
                position += 1
                let name = try readPartialName()
                if !whitespaceBefore.isEmpty { parsed.parts.append(.text(whitespaceBefore)) }
                standalone = isStandalone(state)
                let body = try parse(state.parent(name))
                guard body.parts.allSatisfy({ if case .text = $0 { true } else { false } }) else {
                    throw Problem(description: "{{<\(name)}} holds a tag that is not a block ({{$name}})")
                }
                parsed.parts.append(.partial(name, indentation: whitespaceBefore, overrides: body.overrides))
                whitespaceBefore = []
            case UInt8(ascii: "$"):
                position += 1
                let name = try readName()
                standalone = isStandalone(state)
                if state.inParent {
                    parsed.overrides[name] = try parse(state.section(name, atLineStart: standalone)).parts
                } else {
                    if !whitespaceBefore.isEmpty { parsed.parts.append(.text(whitespaceBefore)) }
                    let body = try parse(state.section(name, atLineStart: standalone)).parts
                    parsed.parts.append(.block(name, default: body, indentation: whitespaceBefore))
                    whitespaceBefore = []
                }
            case UInt8(ascii: "%"):
                position += 1
                try readContentType()
                standalone = isStandalone(state)
            case UInt8(ascii: "="):
                throw Problem(description: "set delimiters ({{=…=}}) are not supported: the templates use {{ and }}")
            default:
                flushWhitespace()
                parsed.parts.append(.variable(TemplateLibrary.Name(try readName()), escaped: true))
            }
            state.atLineStart = standalone
        }
        if let open = state.sectionName { throw Problem(description: "{{\(open)}}'s section never ends: add {{/\(open)}}") }
        return parsed
    }

    private enum Ending { case newline, tag, end }

    /// Text up to a newline (left to read), a tag's `{{` (read), or the end.
    private mutating func readText() -> ([UInt8], Ending) {
        let start = position
        while position < bytes.count {
            if bytes[position] == newline { return (Array(bytes[start..<position]), .newline) }
            if bytes[position] == brace, position + 1 < bytes.count, bytes[position + 1] == brace {
                defer { position += 2 }
                return (Array(bytes[start..<position]), .tag)
            }
            position += 1
        }
        return (Array(bytes[start..<position]), .end)
    }

    /// Whether the tag just read stands alone on its line; if so, the rest of the line (white space and its newline) is read.
    private mutating func isStandalone(_ state: State) -> Bool {
        guard state.atLineStart else { return false }
        guard position < bytes.count else { return true }
        var end = position
        while end < bytes.count, bytes[end] == space || bytes[end] == tab { end += 1 }
        guard end < bytes.count, bytes[end] == newline else { return false }
        position = end + 1
        return true
    }

    private mutating func readName() throws(Problem) -> String {
        try readTag(allowing: Self.nameBytes, what: "name")
    }

    private mutating func readPartialName() throws(Problem) -> String {
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "*") { throw Problem(description: "dynamic partials ({{>*name}}) are not supported") }
        return try readTag(allowing: Self.partialNameBytes, what: "partial's name")
    }

    /// A name of the `allowing` bytes, white space around it, and the tag's `}}`.
    private mutating func readTag(allowing allowed: Set<UInt8>, what: String) throws(Problem) -> String {
        skipWhitespace()
        let name = String(decoding: read { allowed.contains($0) }, as: UTF8.self)
        skipWhitespace()
        guard !name.isEmpty else { throw Problem(description: "a tag with no \(what)") }
        guard bytes[position...].starts(with: closing) else {
            throw Problem(description: "the tag of \(what) \"\(name)\" does not end with }} (transforms such as f(x) are not supported)")
        }
        position += closing.count
        return name
    }

    /// `{{% CONTENT_TYPE: CAMPUS_HTML}}`, after the `%`: the only content type the web app's values are written in.
    private mutating func readContentType() throws(Problem) {
        skipWhitespace()
        let variable = String(decoding: read { Self.nameBytes.contains($0) }, as: UTF8.self)
        skipWhitespace()
        guard variable == "CONTENT_TYPE", position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw Problem(description: "the only setting a template may make is {{% CONTENT_TYPE: \(WebHTML.name)}}")
        }
        position += 1
        let value = try readTag(allowing: Self.nameBytes, what: "content type")
        guard value == WebHTML.name else { throw Problem(description: "content type \(value): the web app's templates are \(WebHTML.name)") }
    }

    private mutating func skipWhitespace() {
        _ = read { $0 == space || $0 == tab || $0 == newline || $0 == UInt8(ascii: "\r") }
    }

    private mutating func read(while matches: (UInt8) -> Bool) -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.count, matches(bytes[position]) { position += 1 }
        return bytes[start..<position]
    }

    private func find(_ needle: [UInt8]) -> Int? {
        var index = position
        while index + needle.count <= bytes.count {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static let nameBytes = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*".utf8)
    private static let partialNameBytes = nameBytes.union("/".utf8)
}

private let newline = UInt8(ascii: "\n")
private let space = UInt8(ascii: " ")
private let tab = UInt8(ascii: "\t")
private let brace = UInt8(ascii: "{")
private let closing: [UInt8] = Array("}}".utf8)
