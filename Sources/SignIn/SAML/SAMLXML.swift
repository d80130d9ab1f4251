import Foundation
internal import CLibXML2
internal import CXMLSec

/// The XML namespaces SAML 2.0 speaks in.
enum SAMLNamespace {
    static let assertion = "urn:oasis:names:tc:SAML:2.0:assertion"
    static let `protocol` = "urn:oasis:names:tc:SAML:2.0:protocol"
    static let metadata = "urn:oasis:names:tc:SAML:2.0:metadata"
    static let signature = "http://www.w3.org/2000/09/xmldsig#"
    static let encryption = "http://www.w3.org/2001/04/xmlenc#"
    static let shibbolethMetadata = "urn:mace:shibboleth:metadata:1.0"
}

/// An XML document from the campus's IdP, read by libxml2 with no network, no entity
/// expansion and no DTD: what xmlsec1 checks signatures in and what assertions are read from.
final class SAMLDocument {
    let pointer: xmlDocPtr

    /// Reads `bytes`, refusing what is not XML or carries a DOCTYPE.
    init(_ bytes: some Collection<UInt8>, what: String) throws(SignInRefusal) {
        let bytes = Array(bytes)
        guard bytes.count < Int(Int32.max),
            let pointer = bytes.withUnsafeBufferPointer({ buffer in
                buffer.withMemoryRebound(to: CChar.self) { campus_xml_read($0.baseAddress, Int32($0.count)) }
            })
        else { throw SignInRefusal(.unreadable, "\(what) is not well-formed XML") }
        self.pointer = pointer
        guard pointer.pointee.intSubset == nil, pointer.pointee.extSubset == nil else { throw SignInRefusal(.unreadable, "\(what) carries a DOCTYPE, which SAML never does") }
        guard root != nil else { throw SignInRefusal(.unreadable, "\(what) has no root element") }
    }

    deinit { xmlFreeDoc(pointer) }

    /// The document written out, with its XML declaration.
    var serialized: String {
        var text: UnsafeMutablePointer<xmlChar>?
        var size: Int32 = 0
        xmlDocDumpMemoryEnc(pointer, &text, &size, "UTF-8")
        guard let text else { return "" }
        defer { campus_xmlFree(text) }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(size)), as: UTF8.self)
    }

    /// The document element.
    var root: SAMLElement? {
        xmlDocGetRootElement(pointer).map { SAMLElement(document: self, node: $0) }
    }

    /// Registers each element's `ID` attribute as an XML ID, so that a signature's
    /// `URI="#…"` finds it; refused when a value is used twice, as a wrapped document uses it.
    func registerIDs(under element: SAMLElement) throws(SignInRefusal) {
        guard campus_xml_register_ids(UnsafeMutableRawPointer(pointer), UnsafeMutableRawPointer(element.node)) >= 0 else {
            throw SignInRefusal(.notTrusted, "an ID attribute's value is used twice (a wrapped message)")
        }
    }
}

/// An element of a ``SAMLDocument`` (which it keeps alive).
struct SAMLElement {
    let document: SAMLDocument
    let node: xmlNodePtr

    /// The local name (`Assertion`).
    var name: String { String(cString: node.pointee.name) }

    /// The namespace URI, empty when none.
    var namespace: String { node.pointee.ns.map { String(cString: $0.pointee.href) } ?? "" }

    func `is`(_ name: String, in namespace: String) -> Bool { self.name == name && self.namespace == namespace }

    /// The element children, in order.
    var children: [SAMLElement] {
        var elements: [SAMLElement] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { elements.append(SAMLElement(document: document, node: current)) }
            child = current.pointee.next
        }
        return elements
    }

    /// The element children named `name` in `namespace`.
    func children(_ name: String, in namespace: String) -> [SAMLElement] {
        children.filter { $0.is(name, in: namespace) }
    }

    /// The first element child named `name` in `namespace`.
    func child(_ name: String, in namespace: String) -> SAMLElement? {
        children.first { $0.is(name, in: namespace) }
    }

    /// How many elements named `name` in `namespace` this element and everything under it hold.
    func count(_ name: String, in namespace: String) -> Int {
        children.reduce(self.is(name, in: namespace) ? 1 : 0) { $0 + $1.count(name, in: namespace) }
    }

    /// An attribute without a namespace, as written.
    func attribute(_ name: String) -> String? {
        guard let value = xmlGetNoNsProp(node, name) else { return nil }
        defer { campus_xmlFree(value) }
        return String(cString: value)
    }

    /// The text the element holds, trimmed.
    var text: String {
        guard let value = xmlNodeGetContent(node) else { return "" }
        defer { campus_xmlFree(value) }
        return String(cString: value).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// SAML's times (`xs:dateTime` in UTC, with or without fractions of a second).
enum SAMLTime {
    static func parse(_ text: String?) -> Date? {
        guard let text else { return nil }
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
