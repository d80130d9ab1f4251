@testable import CampusServer
import Foundation
import Mustache
import Testing

/// The web app's renderer (``TemplateLibrary``) against swift-mustache, the library its templates
/// were written for: every template, and templates made for the corners of Mustache's white-space
/// rules (standalone lines, indented partials, parents' blocks), rendered by both with the same
/// views, drawn at random from a fixed seed, must come out byte for byte the same.
@Suite("Template renderer against swift-mustache")
struct TemplateReferenceTests {
    @Test("every web template renders as swift-mustache renders it, over views drawn at random")
    func webTemplates() throws {
        let ours = try WebTemplates.library.get()
        let reference = try Self.reference(WebTemplates.sources)
        for (name, _) in WebTemplates.sources {
            try Self.compare(name, sources: WebTemplates.sources, ours: ours, reference: reference, views: 30)
        }
    }

    /// Templates for the corners of the white-space rules; each set's first template is rendered.
    static let cornerSets: [[(String, String)]] = [
        [("main", "a\n  {{#s}}\n  x {{t}}\n  {{/s}}\nb\n  {{^s}}\n none\n  {{/s}}  \nend")],
        [("main", "<ul>\n  {{>item}}\n  {{#list}}\n    {{>item}}\n  {{/list}}\n</ul>\n"), ("item", "<li>{{t}}</li>\n<li>{{#s}}two\nlines{{/s}}</li>\n")],
        [("main", "{{<parent}}\n  {{$body}}\n    one {{t}}\n      two\n  {{/body}}\n  ignored\n{{/parent}}\nafter\n"),
         ("parent", "<p>\n  {{$body}}default{{/body}}\n  {{$title}}\n  untitled\n  {{/title}}\n</p>\n")],
        [("main", "{{<parent}}{{$body}}\n<h1>{{t}}</h1>\n  {{#list}}\n  <i>{{u}}</i>\n  {{/list}}\n{{/body}}{{/parent}}\n"),
         ("parent", "{{% CONTENT_TYPE: CAMPUS_HTML}}\n<main>\n{{$body}}{{/body}}\n</main>\n")],
        [("main", "a {{! a note }} b\n  {{! standalone }}\nc {{t}} {{{t}}} {{&t}}\n")],
        [("main", "{{a.b.t}}|{{#a}}{{.b.t}}{{/a}}|{{#a}}{{#b}}{{t}}{{u}}{{/b}}{{/a}}|{{.}}|{{#list}}({{.}}){{/list}}")],
        [("main", "{{#b}}\n{{#a}}\nx\n{{/a}}{{/b}}\n  {{#list}}{{t}}\n{{/list}}\nend  ")],
        [("main", "{{^list}}none {{.}}{{/list}}{{#list}}{{#list}}[{{u}}]{{/list}}{{/list}}\n\t{{#s}}\t\n\tin\n\t{{/s}}\t\n")],
        [("main", "  {{>p}}\n"), ("p", "{{t}}\n{{#list}}\n  {{>q}}\n{{/list}}\n"), ("q", "-{{u}}\n-\n")],
    ]

    @Test("templates for the corners of standalone lines, indentation and blocks render as swift-mustache renders them", arguments: cornerSets.indices)
    func corners(_ index: Int) throws {
        let sources = Self.cornerSets[index].map { ($0.0, Array($0.1.utf8)) }
        try Self.compare(sources[0].0, sources: sources, ours: try TemplateLibrary(sources), reference: try Self.reference(sources), views: 60)
    }

    @Test("a template that does not parse is an error naming the template, the line and what is wrong", arguments: [
        ("x\n{{#a}}y", 2, "never ends"), ("{{#a}}\n{{/b}}", 2, "closes {{a}}"), ("{{/a}}", 1, "closes no section"),
        ("\n\n{{=<% %>=}}", 3, "set delimiters"), ("{{f(x)}}", 1, "transforms"), ("{{% CONTENT_TYPE: HTML}}", 1, "content type HTML"),
        ("{{a", 1, "does not end"), ("{{}}", 1, "no name"), ("{{! never", 1, "never ends"), ("{{>*p}}", 1, "dynamic"),
        ("{{<p}}{{x}}{{/p}}", 1, "not a block"), ("{{{t}}", 1, "third }"),
    ])
    func parseErrors(_ text: String, _ line: Int, _ words: String) throws {
        let error = try #require(throws: TemplateLibrary.ParseError.self) { try TemplateLibrary([("bad", Array(text.utf8))]) }
        #expect(error.line == line, "\(error)")
        #expect(error.description.hasPrefix("template bad, line \(line): "), "\(error)")
        #expect(error.description.contains(words), "\(error)")
    }

    @Test("a template that is not there renders nothing, and a partial that is not there writes nothing")
    func missing() throws {
        let library = try TemplateLibrary([("main", Array("a{{>nowhere}}b".utf8))])
        #expect(library.render(.null, template: "other") == nil)
        #expect(library.render(.null, template: "main") == "ab")
    }

    // MARK: - The comparison

    /// Renders `name` with `views` random views by both renderers and expects the same text.
    static func compare(_ name: String, sources: [(String, [UInt8])], ours: TemplateLibrary, reference: MustacheLibrary, views: Int) throws {
        let names = Self.names(used: name, in: sources)
        var random = SplitMix(seed: UInt64(truncatingIfNeeded: name.utf8.reduce(5381) { $0 &* 33 &+ Int($1) }))
        for round in 0..<views {
            let view = RandomView(names: names).object(depth: 0, &random)
            let rendered = try #require(ours.render(view, template: name))
            let expected = try #require(reference.render(Self.reference(view), withTemplate: name))
            if rendered != expected {
                Issue.record("\(name), view \(round): the two differ first at \(Self.firstDifference(rendered, expected))")
            }
        }
    }

    /// The names the template `name` and the templates it includes look up, by their dotted parts.
    static func names(used name: String, in sources: [(String, [UInt8])]) -> [String] {
        var seen: Set<String> = []
        var pending = [name]
        var names: Set<String> = ["t", "u"]
        let tag = try! Regex(#"\{\{\s*([#^/&{>$<]?)\s*([A-Za-z0-9_.?\-*]+)"#)
        while let next = pending.popLast() {
            guard seen.insert(next).inserted, let text = sources.first(where: { $0.0 == next }).map({ String(decoding: $0.1, as: UTF8.self) }) else { continue }
            for match in text.matches(of: tag) {
                let sigil = match.output[1].substring.map(String.init) ?? ""
                let word = match.output[2].substring.map(String.init) ?? ""
                if sigil == ">" || sigil == "<" { pending.append(word) } else if sigil != "$" { names.formUnion(word.split(separator: ".").map(String.init)) }
            }
        }
        return names.sorted()
    }

    static func firstDifference(_ one: String, _ other: String) -> String {
        let a = Array(one.utf8), b = Array(other.utf8)
        let index = a.indices.first { $0 >= b.count || a[$0] != b[$0] } ?? a.count
        func around(_ bytes: [UInt8]) -> String { String(decoding: bytes[max(0, index - 40)..<min(bytes.count, index + 40)], as: UTF8.self).debugDescription }
        return "byte \(index): ours \(around(a)), swift-mustache's \(around(b))"
    }

    // MARK: - swift-mustache's side

    static func reference(_ sources: [(String, [UInt8])]) throws -> MustacheLibrary {
        MustacheContentTypes.register(ReferenceHTML(), named: WebHTML.name)
        var library = MustacheLibrary()
        for (name, text) in sources { try library.register(String(decoding: text, as: UTF8.self), named: name) }
        return library
    }

    /// A value as swift-mustache reads it: objects and lists of types that say what they are,
    /// which write nothing as a variable, as the web app's renderer writes them. (Before it,
    /// swift-mustache wrote the name of the class, `CampusServer.TemplateObject`, for an object or
    /// a list named as a variable; no template names one so, and here both write nothing.)
    static func reference(_ value: TemplateValue) -> Any {
        switch value {
        case .text(let text): ReferenceText(renderText: text)
        case .flag(let flag): flag
        case .null: ReferenceNull()
        case .object(let object): ReferenceObject(members: object.members.mapValues(reference))
        case .list(let list): ReferenceList(elements: list.elements.map(reference))
        }
    }

    struct ReferenceHTML: MustacheContentType {
        func escapeText(_ text: String) -> String { WebHTML.escape(text) }
    }

    struct ReferenceText: MustacheCustomRenderable, MustacheParent {
        let renderText: String
        var isNull: Bool { false }
        func child(named name: String) -> Any? { nil }
    }

    struct ReferenceNull: MustacheCustomRenderable {
        var renderText: String { "" }
        var isNull: Bool { true }
    }

    final class ReferenceObject: MustacheParent, MustacheCustomRenderable {
        let members: [String: Any]
        init(members: [String: Any]) { self.members = members }
        func child(named name: String) -> Any? { members[name] }
        var renderText: String { "" }
        var isNull: Bool { false }
    }

    final class ReferenceList: MustacheSequence, MustacheParent, MustacheCustomRenderable {
        let elements: [Any]
        init(elements: [Any]) { self.elements = elements }
        func makeIterator() -> IndexingIterator<[Any]> { elements.makeIterator() }
        func child(named name: String) -> Any? { nil }
        var renderText: String { "" }
        var isNull: Bool { false }
    }
}

/// Views drawn at random over a template's names: text (escaped characters, several lines,
/// leading white space, none), booleans, nulls, names left out, objects and lists of them.
struct RandomView {
    let names: [String]
    static let texts = ["plain", "", "<b>&\"'", "two\nlines", "  indented", "Ünïcödé 日本", "end\n", "\n", "a\r\n", "\r\n"]

    func object(depth: Int, _ random: inout SplitMix) -> TemplateValue {
        let object = TemplateObject()
        for name in names where random.below(100) < (depth == 0 ? 85 : 35) {
            if let value = value(depth: depth + 1, &random) { object.members[name] = value }
        }
        return .object(object)
    }

    /// A value, or `nil` for a name left out.
    func value(depth: Int, _ random: inout SplitMix) -> TemplateValue? {
        switch random.below(depth >= 3 ? 6 : 10) {
        case 0: nil
        case 1: .null
        case 2: .flag(true)
        case 3: .flag(false)
        case 4, 5: .text(Self.texts[random.below(Self.texts.count)])
        case 6, 7: object(depth: depth, &random)
        default:
            {
                let list = TemplateList()
                for _ in 0..<random.below(4) {
                    list.elements.append(random.below(4) == 0 ? value(depth: depth + 1, &random) ?? .null : object(depth: depth, &random))
                }
                return .list(list)
            }()
        }
    }
}

/// A small generator of random numbers that a seed fixes (SplitMix64), so every run draws the same views.
struct SplitMix {
    var seed: UInt64

    mutating func below(_ bound: Int) -> Int {
        seed &+= 0x9E37_79B9_7F4A_7C15
        var z = seed
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
