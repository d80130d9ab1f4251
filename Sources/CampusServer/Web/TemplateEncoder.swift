import Mustache

/// Encodes a view into what a template reads: ``TemplateObject``s, arrays, ``TemplateText``
/// (strings and numbers), booleans, and ``TemplateNull`` for an optional that is `nil`, which
/// renders as nothing and, unlike a key left out, stops Mustache from looking for the name
/// further up the context (a favorite with no class now would otherwise show the page's own
/// `now`). Views are encoded once per page rather than read field by field through reflection,
/// and without a trip through JSON text and Foundation's bridged collections, which cost more
/// than the rest of a page. Objects and text are types of our own that say at once what they
/// are to swift-mustache, which otherwise tries several dynamic casts on every value it reads.
/// A person's JSON shape comes out as the API writes it: facts the policy withholds are not in it.
enum TemplateEncoder {
    static func encode(_ value: some Encodable) throws -> Any {
        let node = Node()
        try node.store(value, codingPath: [])
        return node.resolved() ?? TemplateObject(members: [:])
    }

    /// One value being encoded: a keyed container, an unkeyed one, or a single value.
    fileprivate final class Node {
        var keyed: [String: Node]?
        var unkeyed: [Node]?
        var value: Any?

        /// Stores `value`: strings, numbers and booleans as they are, anything else by encoding it.
        func store(_ value: some Encodable, codingPath: [any CodingKey]) throws {
            switch value {
            case let text as String: self.value = text
            case let flag as Bool: self.value = flag
            case let number as Int: self.value = number
            case let number as Int64: self.value = number
            case let number as Double: self.value = number
            default: try value.encode(to: NodeEncoder(node: self, codingPath: codingPath))
            }
        }

        func resolved() -> Any? {
            if value is TemplateNull { return value }
            if let keyed { return TemplateObject(members: keyed.compactMapValues { $0.resolved() }) }
            if let unkeyed { return unkeyed.compactMap { $0.resolved() } }
            switch value {
            case let text as String: return TemplateText(text: text)
            case let flag as Bool: return flag
            case let value?: return TemplateText(text: String(describing: value))
            case nil: return nil
            }
        }
    }

    private struct NodeEncoder: Encoder {
        let node: Node
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.keyed == nil { node.keyed = [:] }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.unkeyed == nil { node.unkeyed = [] }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(node: node, codingPath: codingPath)
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        let codingPath: [any CodingKey]

        private func child(_ key: Key) -> Node {
            let child = Node()
            node.keyed?[key.stringValue] = child
            return child
        }

        mutating func encodeNil(forKey key: Key) throws { child(key).value = TemplateNull() }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try present(value, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try present(value, key) }

        private mutating func present<T: Encodable>(_ value: T?, _ key: Key) throws {
            if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try child(key).store(value, codingPath: codingPath + [key])
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws { child(key).value = value }
        mutating func encode(_ value: String, forKey key: Key) throws { child(key).value = value }
        mutating func encode(_ value: Double, forKey key: Key) throws { child(key).value = value }
        mutating func encode(_ value: Float, forKey key: Key) throws { child(key).value = Double(value) }
        mutating func encode(_ value: Int, forKey key: Key) throws { child(key).value = value }
        mutating func encode(_ value: Int8, forKey key: Key) throws { child(key).value = Int(value) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { child(key).value = Int(value) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { child(key).value = Int(value) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { child(key).value = value }
        mutating func encode(_ value: UInt, forKey key: Key) throws { child(key).value = value }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { child(key).value = Int(value) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { child(key).value = Int(value) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { child(key).value = Int(value) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { child(key).value = value }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            NodeEncoder(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { NodeEncoder(node: node, codingPath: codingPath) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { NodeEncoder(node: child(key), codingPath: codingPath + [key]) }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]
        var count: Int { node.unkeyed?.count ?? 0 }

        private func next() -> Node {
            let child = Node()
            node.unkeyed?.append(child)
            return child
        }

        mutating func encodeNil() throws { _ = next() }
        mutating func encode<T: Encodable>(_ value: T) throws { try next().store(value, codingPath: codingPath) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            NodeEncoder(node: next(), codingPath: codingPath).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            NodeEncoder(node: next(), codingPath: codingPath).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { NodeEncoder(node: next(), codingPath: codingPath) }
    }

    private struct Single: SingleValueEncodingContainer {
        let node: Node
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.value = TemplateNull() }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.store(value, codingPath: codingPath) }
    }
}

/// An optional with no value, as a template reads it: an empty section, an inverted section
/// shown, a variable written as nothing; and the name found, so not looked for further up.
struct TemplateNull: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// A keyed value of a view: its members by name.
final class TemplateObject: MustacheParent {
    let members: [String: Any]

    init(members: [String: Any]) {
        self.members = members
    }

    func child(named name: String) -> Any? { members[name] }
}

/// A string or a number of a view, as a template writes it (escaped, unless the template says not).
///
/// It has no members: inside its own section (`{{#email}}{{email}}{{/email}}`) a name is looked
/// for further up at once, rather than among the fields of this type by reflection (`Mirror`),
/// which swift-mustache falls back to for a value that is not a `MustacheParent`.
struct TemplateText: MustacheCustomRenderable, MustacheParent {
    let text: String
    var renderText: String { text }
    var isNull: Bool { false }
    func child(named name: String) -> Any? { nil }
}
