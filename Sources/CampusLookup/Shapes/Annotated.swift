/// A shape with one more text key beside its own keys: a section with the role a
/// person plays in it (`{"role": "student", ...section}`), a person with the
/// section they are in (`{"section": "CSSE474-02", ...person}`).
public struct Annotated<Base: Encodable & Hashable & Sendable>: Encodable, Hashable, Sendable {
    public var base: Base
    public var key: String
    public var value: String

    public init(_ base: Base, key: String, value: String) {
        self.base = base
        self.key = key
        self.value = value
    }

    public func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(value, forKey: AnyKey(stringValue: key))
    }

    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A shape that answers annotate with one key of their own (``Annotated``): the key's name.
public protocol AnnotatedShape: Decodable {
    /// `role` for a section, `section` for a person.
    static var annotationKey: String { get }
}

extension Annotated: Decodable where Base: AnnotatedShape {
    public init(from decoder: any Decoder) throws {
        base = try Base(from: decoder)
        key = Base.annotationKey
        value = try decoder.container(keyedBy: AnyKey.self).decode(String.self, forKey: AnyKey(stringValue: key))
    }
}
