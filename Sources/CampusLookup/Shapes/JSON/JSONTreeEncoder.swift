/// The `Encoder` behind ``CompactJSONEncoder``: one instance encodes a whole answer,
/// value after value (``tree(of:)`` sets its result aside while a nested value is encoded).
/// Coding paths are not tracked: answers' shapes never read them.
final class JSONTreeEncoder: Encoder, SingleValueEncodingContainer {
    /// What the value being encoded has become so far.
    var result: JSONTree?

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// `value` as a tree; a value that asks for no container is `{}`, as with Foundation.
    func tree(of value: some Encodable) throws -> JSONTree {
        let outer = result
        result = nil
        defer { result = outer }
        try value.encode(to: self)
        return result ?? .emptyObject
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let box)? = result { return KeyedEncodingContainer(JSONKeyedContainer(box: box, encoder: self)) }
        let box = JSONObjectBox()
        result = .object(box)
        return KeyedEncodingContainer(JSONKeyedContainer(box: box, encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let box)? = result { return JSONUnkeyedContainer(box: box, encoder: self) }
        let box = JSONArrayBox()
        result = .array(box)
        return JSONUnkeyedContainer(box: box, encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // SingleValueEncodingContainer: the value is the result.
    func encodeNil() { result = .null }
    func encode(_ value: Bool) { result = (value ? .true : .false) }
    func encode(_ value: String) { result = .string(value) }
    func encode(_ value: Double) throws { result = try Self.number(value) }
    func encode(_ value: Float) throws { result = try Self.number(value) }
    func encode(_ value: Int) { result = .literal(String(value)) }
    func encode(_ value: Int8) { result = .literal(String(value)) }
    func encode(_ value: Int16) { result = .literal(String(value)) }
    func encode(_ value: Int32) { result = .literal(String(value)) }
    func encode(_ value: Int64) { result = .literal(String(value)) }
    func encode(_ value: UInt) { result = .literal(String(value)) }
    func encode(_ value: UInt8) { result = .literal(String(value)) }
    func encode(_ value: UInt16) { result = .literal(String(value)) }
    func encode(_ value: UInt32) { result = .literal(String(value)) }
    func encode(_ value: UInt64) { result = .literal(String(value)) }
    func encode(_ value: some Encodable) throws { result = try tree(of: value) }

    /// A floating-point value's JSON text, or the error Foundation gives for one JSON cannot hold.
    static func number<Float: BinaryFloatingPoint & LosslessStringConvertible>(_ value: Float) throws -> JSONTree {
        guard let text = JSONText.number(value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Unable to encode \(value) directly in JSON."))
        }
        return .literal(text)
    }
}

/// An object's members, encoded through the shared encoder.
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: JSONObjectBox
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { [] }

    private func add(_ key: Key, _ value: JSONTree) {
        box.members.append((key.stringValue, value))
    }

    mutating func encodeNil(forKey key: Key) { add(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) { add(key, (value ? .true : .false)) }
    mutating func encode(_ value: String, forKey key: Key) { add(key, .string(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { add(key, try JSONTreeEncoder.number(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { add(key, try JSONTreeEncoder.number(value)) }
    mutating func encode(_ value: Int, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) { add(key, .literal(String(value))) }
    mutating func encode(_ value: some Encodable, forKey key: Key) throws { add(key, try encoder.tree(of: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        add(key, .object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(box: nested, encoder: encoder))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        add(key, .array(nested))
        return JSONUnkeyedContainer(box: nested, encoder: encoder)
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = JSONTreeEncoder()
        box.members.append(("super", .deferred(superEncoder)))
        return superEncoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let superEncoder = JSONTreeEncoder()
        add(key, .deferred(superEncoder))
        return superEncoder
    }
}

/// An array's elements, encoded through the shared encoder.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let box: JSONArrayBox
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { [] }
    var count: Int { box.elements.count }

    private func add(_ value: JSONTree) {
        box.elements.append(value)
    }

    mutating func encodeNil() { add(.null) }
    mutating func encode(_ value: Bool) { add((value ? .true : .false)) }
    mutating func encode(_ value: String) { add(.string(value)) }
    mutating func encode(_ value: Double) throws { add(try JSONTreeEncoder.number(value)) }
    mutating func encode(_ value: Float) throws { add(try JSONTreeEncoder.number(value)) }
    mutating func encode(_ value: Int) { add(.literal(String(value))) }
    mutating func encode(_ value: Int8) { add(.literal(String(value))) }
    mutating func encode(_ value: Int16) { add(.literal(String(value))) }
    mutating func encode(_ value: Int32) { add(.literal(String(value))) }
    mutating func encode(_ value: Int64) { add(.literal(String(value))) }
    mutating func encode(_ value: UInt) { add(.literal(String(value))) }
    mutating func encode(_ value: UInt8) { add(.literal(String(value))) }
    mutating func encode(_ value: UInt16) { add(.literal(String(value))) }
    mutating func encode(_ value: UInt32) { add(.literal(String(value))) }
    mutating func encode(_ value: UInt64) { add(.literal(String(value))) }
    mutating func encode(_ value: some Encodable) throws { add(try encoder.tree(of: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = JSONObjectBox()
        add(.object(nested))
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(box: nested, encoder: encoder))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = JSONArrayBox()
        add(.array(nested))
        return JSONUnkeyedContainer(box: nested, encoder: encoder)
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = JSONTreeEncoder()
        add(.deferred(superEncoder))
        return superEncoder
    }
}
