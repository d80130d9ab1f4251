/// A fact an answer may hold back from its caller. Unknown, it is written `null`
/// (as ``Nullable``); withheld by the policy, its key is left out: a reader tells
/// "nothing is known" from "you may not see it".
///
/// ```swift
/// var shape = PersonShape(person)          // {"bannerId": "800500002", ...}
/// shape = shape.withholding([.bannerId])   // {...} with no bannerId key
/// ```
@propertyWrapper
public struct Withholdable<Value: Encodable & Sendable>: Encodable, Sendable {
    public var wrappedValue: Value?
    /// Whether the policy holds it back: the key is left out.
    public var isWithheld = false

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    /// The value as the caller may see it: `nil` when unknown or withheld.
    public var shown: Value? {
        isWithheld ? nil : wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue, !isWithheld { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension Withholdable: Decodable where Value: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Value.self)
    }
}

extension KeyedDecodingContainer {
    /// Reads a key left out as a fact withheld; `null` as one unknown.
    public func decode<Value: Decodable>(_ type: Withholdable<Value>.Type, forKey key: Key) throws -> Withholdable<Value> {
        guard contains(key) else {
            var withheld = Withholdable<Value>(wrappedValue: nil)
            withheld.isWithheld = true
            return withheld
        }
        return try Withholdable(from: superDecoder(forKey: key))
    }
}

extension Withholdable: Equatable where Value: Equatable {}
extension Withholdable: Hashable where Value: Hashable {}

extension KeyedEncodingContainer {
    /// Leaves a withheld fact's key out; writes `null` for an unknown one.
    public mutating func encode<Value>(_ fact: Withholdable<Value>, forKey key: Key) throws {
        guard !fact.isWithheld else { return }
        if let value = fact.wrappedValue { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }
}

/// The facts about a person the policy may hold back from a caller.
public struct PersonFields: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let affiliation = PersonFields(rawValue: 1 << 0)
    public static let email = PersonFields(rawValue: 1 << 1)
    public static let bannerId = PersonFields(rawValue: 1 << 2)
    public static let major = PersonFields(rawValue: 1 << 3)
    /// Class and year.
    public static let classStanding = PersonFields(rawValue: 1 << 4)
    public static let advisor = PersonFields(rawValue: 1 << 5)
    public static let department = PersonFields(rawValue: 1 << 6)
    public static let office = PersonFields(rawValue: 1 << 7)
    public static let phone = PersonFields(rawValue: 1 << 8)
    public static let campusMail = PersonFields(rawValue: 1 << 9)

    /// Everything but the name (and username, never withheld).
    public static let all: PersonFields = [
        .affiliation, .email, .bannerId, .major, .classStanding, .advisor, .department, .office, .phone, .campusMail,
    ]
}
