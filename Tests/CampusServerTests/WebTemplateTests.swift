import CampusCore
import CampusLookup
@testable import CampusServer
import Testing

/// The web app's templates and what they read: every template parses, views encode to the
/// values templates read, a person's shape keeps out what the policy withholds, and text is escaped.
/// (``TemplateReferenceTests`` compares the renderer with swift-mustache.)
@Suite("Web templates")
struct WebTemplateTests {
    struct Inner: Encodable {
        var label: String
        var note: String?
    }

    struct View: Encodable {
        var title: String
        var count: Int
        var shown: Bool
        var hidden: Bool
        var missing: String?
        var items: [Inner]
        var names: [String]
    }

    /// `template` rendered with `view` by the web app's renderer.
    static func render(_ template: String, _ view: some Encodable) throws -> String {
        try #require(try TemplateLibrary([("t", Array(template.utf8))]).render(TemplateEncoder.encode(view), template: "t"))
    }

    @Test("every template parses and declares the web app's HTML escaping on its first line")
    func parse() throws {
        let library = try WebTemplates.library.get()
        for (name, bytes) in WebTemplates.sources {
            #expect(library.render(.object(TemplateObject()), template: name) != nil, "\(name)")
            let firstLine = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init)
            #expect(firstLine == "{{% CONTENT_TYPE: \(WebHTML.name)}}", "\(name)")
        }
    }

    @Test("the web app's HTML escaping writes the five entities, in one pass over the bytes", arguments: [
        ("plain", "plain"), ("", ""), ("<script>alert('x')</script>", "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;"),
        ("Tom & \"Jerry\"", "Tom &amp; &quot;Jerry&quot;"), ("Ünïcödé 日本 😀 <&>", "Ünïcödé 日本 😀 &lt;&amp;&gt;"), ("&amp;", "&amp;amp;"),
        ("\u{1F}\t\n", "\u{1F}\t\n"),
    ])
    func escaping(_ value: String, _ escaped: String) throws {
        #expect(WebHTML.escape(value) == escaped)
        var appended = Array("x".utf8)
        WebHTML.append(value, escapedTo: &appended)
        #expect(String(decoding: appended, as: UTF8.self) == "x" + escaped)
    }

    @Test("a < that a combining mark follows is escaped too, unlike by a look per Character")
    func escapingWithinACharacter() {
        #expect(WebHTML.escape("<\u{301}b") == "&lt;\u{301}b")
        #expect("<\u{301}b".count == 2)
    }

    struct Outer: Encodable {
        var text: String
        var value: String
    }

    @Test("inside a text's own section a name is looked for further up: a text has no members")
    func textHasNoMembers() throws {
        #expect(try Self.render("{{#value}}{{value}}/{{text}}{{/value}}", Outer(text: "outer", value: "v")) == "v/outer")
    }

    @Test("a view encodes to objects, lists, text (strings and numbers) and booleans, nils as template nulls")
    func encoding() throws {
        let view = View(title: "<b>", count: 3, shown: true, hidden: false, missing: nil,
                        items: [Inner(label: "a", note: "n"), Inner(label: "b", note: nil)], names: ["x", "y"])
        let encoded = try #require(try TemplateEncoder.encode(view).object)
        #expect(encoded["title"]?.text == "<b>" && encoded["count"]?.text == "3")
        #expect(encoded["shown"]?.flag == true && encoded["hidden"]?.flag == false && encoded["missing"]?.isNull == true)
        let items = try #require(encoded["items"]?.elements).compactMap { $0.object }
        #expect(items.count == 2 && items[1]["note"]?.isNull == true && items[0]["note"]?.text == "n")
        #expect(encoded["names"]?.elements?.compactMap(\.text) == ["x", "y"])
    }

    @Test("a person's shape keeps out what is withheld and leaves out what is unknown")
    func withheld() throws {
        let person = Person(username: "quinna", name: "Alex Quinn", bannerID: "800500002", email: "quinna@example.edu")
        let encoded = try #require(try TemplateEncoder.encode(PersonShape(person).withholding([.bannerId, .email])).object)
        #expect(encoded["name"]?.text == "Alex Quinn")
        #expect(encoded["bannerId"] == nil && encoded["email"] == nil && encoded["phone"]?.isNull == true)
    }

    struct Page: Encodable {
        var note: String?
        var items: [Inner]
    }

    @Test("an item's nil is its own: a section never shows the page's value of the same name in its place")
    func nilsStopTheLookup() throws {
        let page = Page(note: "the page's own", items: [Inner(label: "a", note: nil), Inner(label: "b", note: "n")])
        #expect(try Self.render("{{#items}}{{label}}{{#note}}={{note}}{{/note}}{{^note}}-{{/note}}[{{note}}];{{/items}}", page) == "a-[];b=n[n];")
    }

    struct Numbers: Encodable {
        var small: Int8
        var ratio: Float
        var big: UInt64
        var optionals: [Int?]
        var empty: [String]
    }

    @Test("numbers of every width write as text; a list's nils are template nulls; an empty list's inverted section looks further up")
    func numbersAndLists() throws {
        let numbers = Numbers(small: -3, ratio: 0.5, big: 18_446_744_073_709_551_615, optionals: [1, nil, 3], empty: [])
        let template = "{{small}} {{ratio}} {{big}} [{{#optionals}}({{.}}){{/optionals}}] {{^empty}}none of {{small}}{{/empty}}"
        #expect(try Self.render(template, numbers) == "-3 0.5 18446744073709551615 [(1)()(3)] none of -3")
    }

    class Base: Encodable {
        var base = "b"
    }

    final class Derived: Base {
        var own = "d"
        enum Keys: String, CodingKey { case own, parent }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(own, forKey: .own)
            try super.encode(to: container.superEncoder(forKey: .parent))
            try super.encode(to: container.superEncoder())
        }
    }

    @Test("a superclass writes itself under its key, or into the same object")
    func superclasses() throws {
        #expect(try Self.render("{{own}}-{{#parent}}{{base}}{{/parent}}-{{base}}", Derived()) == "d-b-b")
    }

    @Test("sections of booleans and lists, values escaped")
    func rendering() throws {
        let template = "{{title}}|{{#shown}}S{{/shown}}{{#hidden}}H{{/hidden}}|{{#items}}{{label}}{{#note}}:{{note}}{{/note}},{{/items}}|{{^missing}}none{{/missing}}"
        let text = try Self.render(template, View(title: "<b>&", count: 1, shown: true, hidden: false, missing: nil,
                                                  items: [Inner(label: "a", note: "n"), Inner(label: "b", note: nil)], names: []))
        #expect(text == "&lt;b&gt;&amp;|S|a:n,b,|none")
    }
}

extension TemplateValue {
    var object: [String: TemplateValue]? { if case .object(let object) = self { object.members } else { nil } }
    var elements: [TemplateValue]? { if case .list(let list) = self { list.elements } else { nil } }
    var text: String? { if case .text(let text) = self { text } else { nil } }
    var flag: Bool? { if case .flag(let flag) = self { flag } else { nil } }
    var isNull: Bool { if case .null = self { true } else { false } }
}

extension WebHTML {
    /// `text`, escaped, as a template writes it.
    static func escape(_ text: String) -> String {
        var escaped: [UInt8] = []
        append(text, escapedTo: &escaped)
        return String(decoding: escaped, as: UTF8.self)
    }
}
