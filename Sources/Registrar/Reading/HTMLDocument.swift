internal import CLibXML2
import Foundation

/// A page parsed by libxml2's HTML parser in recover mode; owns the `htmlDocPtr`.
///
/// Nodes (``HTMLNode``) point into the document and are valid only while it
/// lives: readers keep the document in scope while they walk its nodes.
final class HTMLDocument {
    private let document: htmlDocPtr

    /// libxml2's global set-up, done once before any thread parses.
    private static let parserReady: Void = xmlInitParser()

    /// Why libxml2 stopped reading a page before its end.
    struct CutShort: Error {
        /// The line of the page it stopped at.
        var line: Int
        /// What libxml2 said.
        var reason: String
    }

    /// Parses `bytes` in `encoding` (a libxml2 / iconv name); `nil` when libxml2 gives no tree at all.
    ///
    /// libxml2's limits are kept on purpose (no `HTML_PARSE_HUGE`): a registrar page nests
    /// tables a dozen levels deep, so one deeper than 256 levels is not one, and its
    /// size limits are far above any page's. What makes the parser stop early (that
    /// limit, bytes not in the page's encoding) is an error, never a page read in part.
    ///
    /// - Throws: ``CutShort`` naming the line where the parser stopped.
    init?(bytes: [UInt8], encoding: String) throws(CutShort) {
        Self.parserReady
        let options = Int32(HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
            | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)
        var stop = campus_xml_stop()
        let parsed: htmlDocPtr? = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) { characters in
                    campus_html_read(characters, Int32(buffer.count), encoding, options, &stop)
                }
            }
        }
        if stop.count > 0 {
            if let parsed { xmlFreeDoc(parsed) }
            let reason = withUnsafeBytes(of: stop.message) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            let oneLine = reason.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "; ")
            throw CutShort(line: Int(stop.line), reason: Self.plain(oneLine, code: stop.code, encoding: encoding))
        }
        guard let parsed else { return nil }
        document = parsed
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// What libxml2 said, in words for the person holding the page: its advice to raise
    /// its own limits (`use XML_PARSE_HUGE option`) is no option of theirs, nor of ours.
    static func plain(_ message: String, code: Int32, encoding: String) -> String {
        if message.contains("Excessive depth") {
            return "tags nested past the parser's depth limit of 256 levels, where a registrar page nests a dozen"
        }
        if code == Int32(XML_ERR_INVALID_ENCODING.rawValue) || code == Int32(XML_ERR_INVALID_CHAR.rawValue) {
            return "bytes that are not \(encoding), the page's encoding (\(message))"
        }
        return message.replacingOccurrences(of: " use XML_PARSE_HUGE option", with: "")
    }

    /// The root element (`html`), if the page has one.
    var root: HTMLNode? {
        xmlDocGetRootElement(document).map(HTMLNode.init)
    }

    /// Whether `expression` compiles as XPath (checked when a definition is loaded).
    static func isValidXPath(_ expression: String) -> Bool {
        parserReady
        guard let compiled = withXMLString(expression, xmlXPathCompile) else { return false }
        xmlXPathFreeCompExpr(compiled)
        return true
    }

    /// The nodes an XPath expression selects, in document order; `nil` when the expression is not valid XPath.
    func nodes(matching expression: String) -> [HTMLNode]? {
        guard let context = xmlXPathNewContext(document) else { return nil }
        defer { xmlXPathFreeContext(context) }
        let result = withXMLString(expression) { xmlXPathEvalExpression($0, context) }
        guard let result else { return nil }
        defer { xmlXPathFreeObject(result) }
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else {
            return []
        }
        return (0..<Int(set.pointee.nodeNr)).compactMap { table[$0].map(HTMLNode.init) }
    }
}

/// Calls `body` with `text` as libxml2's `const xmlChar *`.
private func withXMLString<Result>(_ text: String, _ body: (UnsafePointer<xmlChar>) -> Result) -> Result {
    text.withCString { characters in
        characters.withMemoryRebound(to: xmlChar.self, capacity: text.utf8.count + 1, body)
    }
}

/// One node of an ``HTMLDocument``: an element, or text.
struct HTMLNode {
    let pointer: xmlNodePtr

    /// Whether this is an element named `name` (lower case, as libxml2's HTML parser names them).
    func isElement(_ name: StaticString) -> Bool {
        guard pointer.pointee.type == XML_ELEMENT_NODE, let own = pointer.pointee.name else { return false }
        return name.withUTF8Buffer { expected in
            var index = 0
            while index < expected.count {
                guard own[index] == expected[index] else { return false }
                index += 1
            }
            return own[index] == 0
        }
    }

    /// The element children, in order.
    var elementChildren: [HTMLNode] {
        var result: [HTMLNode] = []
        var child = pointer.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE { result.append(HTMLNode(pointer: node)) }
            child = node.pointee.next
        }
        return result
    }

    /// Calls `visit` for each child, element or text, in order.
    func forEachChild(_ visit: (HTMLNode) -> Void) {
        var child = pointer.pointee.children
        while let node = child {
            visit(HTMLNode(pointer: node))
            child = node.pointee.next
        }
    }

    /// Calls `visit` for each element child, in order.
    func forEachElementChild(_ visit: (HTMLNode) -> Void) {
        var child = pointer.pointee.children
        while let node = child {
            if node.pointee.type == XML_ELEMENT_NODE { visit(HTMLNode(pointer: node)) }
            child = node.pointee.next
        }
    }

    /// Whether this is a text (or CDATA) node.
    var isText: Bool {
        pointer.pointee.type == XML_TEXT_NODE || pointer.pointee.type == XML_CDATA_SECTION_NODE
    }

    /// The value of attribute `name` (lower case), if present.
    func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(pointer, name) else { return nil }
        defer { campus_xmlFree(value) }
        return String(cString: value)
    }

    /// Appends this node's own text content (text nodes only) to `buffer`.
    func appendOwnText(to buffer: inout [UInt8]) {
        guard isText, let content = pointer.pointee.content else { return }
        var index = 0
        while content[index] != 0 {
            buffer.append(content[index])
            index += 1
        }
    }
}
