/// A JSON object with one more text field beside its own: `{"role": "student", ...section}`.
struct Annotated<Base: Encodable>: Encodable {
    let base: Base
    let key: String
    let value: String

    func encode(to encoder: any Encoder) throws {
        try base.encode(to: encoder)
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(value, forKey: AnyKey(stringValue: key))
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
