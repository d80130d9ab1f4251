import CampusCore
import CampusLookup
@testable import CampusServer
import Mustache
import Testing

/// The web app's templates and what they read: every template parses, views encode to the
/// values templates read, a person's shape keeps out what the policy withholds, and text is escaped.
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

    @Test("every template parses and declares the web app's HTML escaping on its first line")
    func parse() throws {
        let library = try WebTemplates.library.get()
        for (name, bytes) in WebTemplates.sources {
            #expect(library.getTemplate(named: name) != nil, "\(name)")
            let firstLine = String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init)
            #expect(firstLine == "{{% CONTENT_TYPE: \(WebHTML.name)}}", "\(name)")
        }
    }

    struct Valued: Encodable {
        var value: String
    }

    @Test("the web app's HTML escaping writes what swift-mustache's own HTML type writes", arguments: [
        "plain", "", "<script>alert('x')</script>", "Tom & \"Jerry\"", "a<b>c&d'e\"f", "Ünïcödé 日本 😀 <&>", "&amp;", "\u{1F}\t\n",
    ])
    func escaping(_ value: String) throws {
        _ = try WebTemplates.library.get()  // registers the content type
        let library = try MustacheTemplate(string: "{{value}}").render(try TemplateEncoder.encode(Valued(value: value)))
        let ours = try MustacheTemplate(string: "{{% CONTENT_TYPE: \(WebHTML.name)}}{{value}}").render(try TemplateEncoder.encode(Valued(value: value)))
        #expect(ours == library)
        #expect(WebHTML().escapeText(value) == library)
    }

    @Test("a < that a combining mark follows is escaped too, unlike by the library's look per Character")
    func escapingWithinACharacter() {
        #expect(WebHTML().escapeText("<\u{301}b") == "&lt;\u{301}b")
        #expect("<\u{301}b".count == 2)
    }

    struct Outer: Encodable {
        var text: String
        var value: String
    }

    @Test("inside a text's own section a name is looked for further up: a text has no members")
    func textHasNoMembers() throws {
        let template = try MustacheTemplate(string: "{{#value}}{{value}}/{{text}}{{/value}}")
        #expect(template.render(try TemplateEncoder.encode(Outer(text: "outer", value: "v"))) == "v/outer")
    }

    @Test("a view encodes to objects, lists, text (strings and numbers) and booleans, nils as template nulls")
    func encoding() throws {
        let view = View(title: "<b>", count: 3, shown: true, hidden: false, missing: nil,
                        items: [Inner(label: "a", note: "n"), Inner(label: "b", note: nil)], names: ["x", "y"])
        let encoded = try #require((try TemplateEncoder.encode(view) as? TemplateObject)?.members)
        #expect((encoded["title"] as? TemplateText)?.text == "<b>" && (encoded["count"] as? TemplateText)?.text == "3")
        #expect(encoded["shown"] as? Bool == true && encoded["missing"] is TemplateNull)
        let items = try #require((encoded["items"] as? TemplateList)?.elements.compactMap { ($0 as? TemplateObject)?.members })
        #expect(items.count == 2 && items[1]["note"] is TemplateNull && (items[0]["note"] as? TemplateText)?.text == "n")
        #expect((encoded["names"] as? TemplateList)?.elements.compactMap { ($0 as? TemplateText)?.text } == ["x", "y"])
    }

    @Test("a person's shape keeps out what is withheld and leaves out what is unknown")
    func withheld() throws {
        let person = Person(username: "quinna", name: "Alex Quinn", bannerID: "800500002", email: "quinna@example.edu")
        let encoded = try #require((try TemplateEncoder.encode(PersonShape(person).withholding([.bannerId, .email])) as? TemplateObject)?.members)
        #expect((encoded["name"] as? TemplateText)?.text == "Alex Quinn")
        #expect(encoded["bannerId"] == nil && encoded["email"] == nil && encoded["phone"] is TemplateNull)
    }

    struct Page: Encodable {
        var note: String?
        var items: [Inner]
    }

    @Test("an item's nil is its own: a section never shows the page's value of the same name in its place")
    func nilsStopTheLookup() throws {
        let template = try MustacheTemplate(string: "{{#items}}{{label}}{{#note}}={{note}}{{/note}}{{^note}}-{{/note}}[{{note}}];{{/items}}")
        let page = Page(note: "the page's own", items: [Inner(label: "a", note: nil), Inner(label: "b", note: "n")])
        #expect(template.render(try TemplateEncoder.encode(page)) == "a-[];b=n[n];")
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
        let template = try MustacheTemplate(string: "{{small}} {{ratio}} {{big}} [{{#optionals}}({{.}}){{/optionals}}] {{^empty}}none of {{small}}{{/empty}}")
        let numbers = Numbers(small: -3, ratio: 0.5, big: 18_446_744_073_709_551_615, optionals: [1, nil, 3], empty: [])
        #expect(template.render(try TemplateEncoder.encode(numbers)) == "-3 0.5 18446744073709551615 [(1)()(3)] none of -3")
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
        let template = try MustacheTemplate(string: "{{own}}-{{#parent}}{{base}}{{/parent}}-{{base}}")
        #expect(template.render(try TemplateEncoder.encode(Derived())) == "d-b-b")
    }

    @Test("sections of booleans and lists, values escaped")
    func rendering() throws {
        let template = try MustacheTemplate(string: "{{title}}|{{#shown}}S{{/shown}}{{#hidden}}H{{/hidden}}|{{#items}}{{label}}{{#note}}:{{note}}{{/note}},{{/items}}|{{^missing}}none{{/missing}}")
        let text = template.render(try TemplateEncoder.encode(View(title: "<b>&", count: 1, shown: true, hidden: false, missing: nil,
                                                                   items: [Inner(label: "a", note: "n"), Inner(label: "b", note: nil)], names: [])))
        #expect(text == "&lt;b&gt;&amp;|S|a:n,b,|none")
    }
}
