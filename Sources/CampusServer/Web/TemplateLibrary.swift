/// The web app's templates, read into parts once (``TemplateParser``) and rendered against a
/// ``TemplateValue``, by swift-mustache's rules for the tags they use.
///
/// Why not swift-mustache itself, which the templates were written for and which a test still
/// renders every template with to compare: its render was 43% of the me page's CPU, and the
/// runtime's dynamic casts it makes on every name it looks up (each context to two protocols,
/// each value found to four more) 22% of the whole page (BENCHMARKS.md, "API and web app").
/// Here a value says what it is by its case, names are split once when the templates are read,
/// and a page is written into one buffer of bytes.
struct TemplateLibrary: Sendable {
    /// A name a tag looks up: `{{.}}` (no components), `{{a.b}}` (found up the context, then
    /// within), or `{{.a}}` (anchored: only in the value in hand).
    struct Name: Sendable {
        let components: [String]
        let anchored: Bool

        init(_ text: String) {
            components = text.split(separator: ".").map(String.init)
            anchored = text.first == "." && text != "."
        }
    }

    /// One part of a template.
    indirect enum Part: Sendable {
        case text([UInt8])
        case variable(Name, escaped: Bool)
        case section(Name, [Part])
        case invertedSection(Name, [Part])
        /// Another template, indented by `indentation` (the white space before a standalone
        /// partial's tag, or before a parent's, standalone or not) as ``Rendering`` indents, its
        /// blocks overridden (a parent's, `{{<name}}`).
        case partial(String, indentation: [UInt8], overrides: [String: [Part]])
        /// A block (`{{$name}}`): what a parent puts in its place, or else its own parts.
        case block(String, default: [Part], indentation: [UInt8])
    }

    /// A template that does not parse, and where.
    struct ParseError: Error, CustomStringConvertible {
        var template = ""
        let line: Int
        let problem: String
        var description: String { "template \(template), line \(line): \(problem)" }
    }

    private let templates: [String: [Part]]

    /// The templates `sources`, by name, parsed.
    init(_ sources: [(String, [UInt8])]) throws(ParseError) {
        var templates: [String: [Part]] = [:]
        for (name, text) in sources {
            do {
                templates[name] = try TemplateParser.parts(of: text)
            } catch {
                var error = error
                error.template = name
                throw error
            }
        }
        self.templates = templates
    }

    /// The template `name` rendered with `value`; `nil` when there is no such template.
    func render(_ value: TemplateValue, template name: String) -> String? {
        guard let parts = templates[name] else { return nil }
        var rendering = Rendering(templates: templates, stack: [value])
        rendering.render(parts, Scope())
        return String(decoding: rendering.output, as: UTF8.self)
    }

    /// What a partial or block passes on: its lines' indentation, and the blocks overridden.
    private struct Scope {
        var indentation: [UInt8] = []
        var overrides: [String: [Part]] = [:]

        /// A partial's: indented further, the overrides it brings added (those already in force win).
        func partial(indentation more: [UInt8], overrides added: [String: [Part]]) -> Scope {
            var scope = self
            scope.indentation += more
            if !added.isEmpty { scope.overrides.merge(added) { kept, _ in kept } }
            return scope
        }
    }

    /// One page being written: the values sections have entered, innermost last, and the bytes so far.
    private struct Rendering {
        let templates: [String: [Part]]
        var stack: [TemplateValue]
        var output: [UInt8] = []

        init(templates: [String: [Part]], stack: [TemplateValue]) {
            self.templates = templates
            self.stack = stack
            output.reserveCapacity(16 * 1024)
        }

        /// Writes `parts`; under an indentation, a part that writes something right after a
        /// newline that these parts wrote starts with it. That is swift-mustache's rule: a
        /// line that begins inside a part (a section's second item, a value's second line)
        /// is not indented, and a CR LF ends no line for it (its last `Character` is not `"\n"`).
        mutating func render(_ parts: [Part], _ scope: Scope) {
            guard !scope.indentation.isEmpty else {
                for part in parts { render(part, scope) }
                return
            }
            let start = output.count
            for part in parts {
                let before = output.count
                render(part, scope)
                if output.count > before, before > start, output[before - 1] == UInt8(ascii: "\n"),
                   !(before - 1 > start && output[before - 2] == UInt8(ascii: "\r")) {
                    output.insert(contentsOf: scope.indentation, at: before)
                }
            }
        }

        private mutating func render(_ part: Part, _ scope: Scope) {
            switch part {
            case .text(let bytes):
                output.append(contentsOf: bytes)
            case .variable(let name, let escaped):
                switch value(of: name) {
                case .text(let text)?: if escaped { WebHTML.append(text, escapedTo: &output) } else { output.append(contentsOf: text.utf8) }
                case .flag(let flag)?: output.append(contentsOf: (flag ? "true" : "false").utf8)
                case .object?, .list?, .null?, nil: break
                }
            case .section(let name, let body):
                switch value(of: name) {
                case .flag(let shown)?: if shown { render(body, scope) }
                case .list(let list)?: for element in list.elements { render(body, scope, within: element) }
                case .null?, nil: break
                case let found?: render(body, scope, within: found)
                }
            case .invertedSection(let name, let body):
                switch value(of: name) {
                case .list(let list)? where list.elements.isEmpty: render(body, scope, within: .list(list))
                case .flag(false)?, .null?, nil: render(body, scope)
                default: break
                }
            case .partial(let name, let indentation, let overrides):
                guard let parts = templates[name] else { return }
                render(parts, scope.partial(indentation: indentation, overrides: overrides))
            case .block(let name, let parts, let indentation):
                render(scope.overrides[name] ?? parts, scope.partial(indentation: indentation, overrides: [:]))
            }
        }

        private mutating func render(_ parts: [Part], _ scope: Scope, within value: TemplateValue) {
            stack.append(value)
            render(parts, scope)
            stack.removeLast()
        }

        /// What `name` names: its first component looked up from the innermost value out (or only
        /// in the innermost, anchored), the rest within what that finds.
        private func value(of name: Name) -> TemplateValue? {
            guard let first = name.components.first else { return stack.last }
            var found: TemplateValue?
            if name.anchored {
                found = stack.last?.member(first)
            } else {
                for index in stack.indices.reversed() {
                    if let member = stack[index].member(first) {
                        found = member
                        break
                    }
                }
            }
            for component in name.components.dropFirst() {
                found = found?.member(component)
            }
            return found
        }
    }
}
