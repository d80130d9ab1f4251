/// A value that is always written, as `null` when absent: every answer's JSON
/// shape keeps all its keys, so a reader never has to tell a missing key from
/// an unknown fact.
///
/// ```swift
/// struct MeetingShape: Encodable { var days: String; @Nullable var room: String? }
/// // {"days": "MTRF", "room": null}
/// ```
@propertyWrapper
public struct Nullable<Value: Encodable & Sendable>: Encodable, Sendable {
    public var wrappedValue: Value?

    public init(wrappedValue: Value?) {
        self.wrappedValue = wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension Nullable: Equatable where Value: Equatable {}
extension Nullable: Hashable where Value: Hashable {}
