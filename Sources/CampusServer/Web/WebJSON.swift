import CampusLookup
import Foundation

/// A value as the dictionaries, arrays, strings, numbers and booleans of its JSON, for a
/// template: views are encoded once per page rather than read field by field through
/// reflection (which costs more than the rest of a page), and a person's JSON shape shows on
/// a page exactly what the API would answer (facts the policy withholds are not in it).
/// `null`s are left out, so that a template's section of an absent fact shows nothing.
enum WebJSON {
    static func object(_ value: some Encodable) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value))
        return withoutNulls(object) as? [String: Any] ?? [:]
    }

    private static func withoutNulls(_ value: Any) -> Any? {
        switch value {
        case is NSNull: nil
        case let object as [String: Any]: object.compactMapValues(withoutNulls)
        case let array as [Any]: array.compactMap(withoutNulls)
        default: value
        }
    }
}
