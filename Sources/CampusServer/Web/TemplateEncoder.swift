/// Encodes a view into what a template reads (``TemplateValue``): objects, lists, text (strings
/// and numbers), booleans, and a null for an optional that is `nil`, which renders as nothing
/// and, unlike a key left out, stops the look for the name further up the context (a favorite
/// with no class now would otherwise show the page's own `now`). Views are encoded once per page
/// rather than read field by field through reflection, and without a trip through JSON text and
/// Foundation's bridged collections; each object and list is made once, as its container is
/// asked for, and filled as it is written.
/// A person's JSON shape comes out as the API writes it: facts the policy withholds are not in it.
enum TemplateEncoder {
    static func encode(_ value: some Encodable) throws -> TemplateValue {
        try ValueEncoder.value(of: value, codingPath: []) ?? .object(TemplateObject())
    }

    /// What a string, a boolean or a number is to a template; `nil` for anything else.
    ///
    /// Found by comparing types, not by casting: most values a view encodes are not plain
    /// (objects, lists, optionals), and each failed cast is a look-up in the runtime's
    /// conformance cache (3% of the person page, tried fourteen times a value). Once the type
    /// is known to be the same, the value is reinterpreted as it, which is what it is.
    fileprivate static func plain<T: Encodable>(_ value: T) -> TemplateValue? {
        func cast<Plain>(_ type: Plain.Type) -> Plain? { T.self == Plain.self ? unsafeBitCast(value, to: Plain.self) : nil }
        if let text = cast(String.self) { return .text(text) }
        if let flag = cast(Bool.self) { return .flag(flag) }
        if let number = cast(Int.self) { return .text(String(number)) }
        if let number = cast(Int64.self) { return .text(String(number)) }
        if let number = cast(Double.self) { return .text(String(describing: number)) }
        if let number = cast(Float.self) { return .text(String(describing: Double(number))) }
        if let number = cast(Int8.self) { return .text(String(number)) }
        if let number = cast(Int16.self) { return .text(String(number)) }
        if let number = cast(Int32.self) { return .text(String(number)) }
        if let number = cast(UInt.self) { return .text(String(number)) }
        if let number = cast(UInt8.self) { return .text(String(number)) }
        if let number = cast(UInt16.self) { return .text(String(number)) }
        if let number = cast(UInt32.self) { return .text(String(number)) }
        if let number = cast(UInt64.self) { return .text(String(number)) }
        return nil
    }

    /// Encodes one value that is not plain: into the object or list it asks for (made at once,
    /// and filled as its containers are written), or the one value it writes.
    private final class ValueEncoder: Encoder {
        let codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }
        /// What the value came to: an object, a list, or a single value.
        var result: TemplateValue?

        /// - Parameter object: the object its keyed container writes to, when it is one already made.
        init(codingPath: [any CodingKey], into object: TemplateObject? = nil) {
            self.codingPath = codingPath
            result = object.map(TemplateValue.object)
        }

        /// `value` as a template reads it; `nil` when it writes nothing.
        static func value(of value: some Encodable, codingPath: [any CodingKey]) throws -> TemplateValue? {
            if let plain = TemplateEncoder.plain(value) { return plain }
            let encoder = ValueEncoder(codingPath: codingPath)
            try value.encode(to: encoder)
            return encoder.result
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            let object: TemplateObject
            if case .object(let made)? = result { object = made } else { object = TemplateObject(); result = .object(object) }
            return KeyedEncodingContainer(Keyed<Key>(object: object, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            let list: TemplateList
            if case .list(let made)? = result { list = made } else { list = TemplateList(); result = .list(list) }
            return Unkeyed(list: list, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer {
            Single(encoder: self)
        }
    }

    private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let object: TemplateObject
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws { object.members[key.stringValue] = .null }
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
            object.members[key.stringValue] = try ValueEncoder.value(of: value, codingPath: codingPath + [key])
        }
        mutating func encode(_ value: Bool, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: String, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: Double, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: Float, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: Int, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { plain(value, key) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { plain(value, key) }

        private func plain(_ value: some Encodable, _ key: Key) {
            object.members[key.stringValue] = TemplateEncoder.plain(value)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            let nested = TemplateObject()
            object.members[key.stringValue] = .object(nested)
            return KeyedEncodingContainer(Keyed<NestedKey>(object: nested, codingPath: codingPath + [key]))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = TemplateList()
            object.members[key.stringValue] = .list(nested)
            return Unkeyed(list: nested, codingPath: codingPath + [key])
        }
        /// A superclass writes itself into the same object.
        mutating func superEncoder() -> any Encoder { ValueEncoder(codingPath: codingPath, into: object) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            PlacingEncoder(codingPath: codingPath + [key]) { [object] in object.members[key.stringValue] = $0 }
        }
    }

    private struct Unkeyed: UnkeyedEncodingContainer {
        let list: TemplateList
        let codingPath: [any CodingKey]
        var count: Int { list.elements.count }

        /// A `nil` written to the list itself is left out (an optional element comes through
        /// ``encode(_:)``, as a null).
        mutating func encodeNil() throws {}
        mutating func encode<T: Encodable>(_ value: T) throws {
            if let element = try ValueEncoder.value(of: value, codingPath: codingPath) { list.elements.append(element) }
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let nested = TemplateObject()
            list.elements.append(.object(nested))
            return KeyedEncodingContainer(Keyed<NestedKey>(object: nested, codingPath: codingPath))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let nested = TemplateList()
            list.elements.append(.list(nested))
            return Unkeyed(list: nested, codingPath: codingPath)
        }
        mutating func superEncoder() -> any Encoder {
            // Its place is kept now, filled with what it writes once written.
            let index = list.elements.count
            list.elements.append(.null)
            return PlacingEncoder(codingPath: codingPath) { [list] in list.elements[index] = $0 }
        }
    }

    /// The encoder a superclass writes itself to under a key or in a list: what it writes is put
    /// in its place when the superclass is done with it (when the encoder goes away).
    private final class PlacingEncoder: Encoder {
        let inner: ValueEncoder
        let place: (TemplateValue) -> Void
        var codingPath: [any CodingKey] { inner.codingPath }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init(codingPath: [any CodingKey], place: @escaping (TemplateValue) -> Void) {
            inner = ValueEncoder(codingPath: codingPath)
            self.place = place
        }

        deinit {
            if let result = inner.result { place(result) }
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { inner.container(keyedBy: type) }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
        func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }
    }

    private struct Single: SingleValueEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.result = .null }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.result = try ValueEncoder.value(of: value, codingPath: codingPath) }
    }
}
