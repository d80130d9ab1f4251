import CampusLookup
import Foundation

/// An answer's JSON shape as a dictionary for a template: the page shows of a person exactly
/// what the API would answer (facts the policy withholds are not in it). `null`s are left out,
/// so that a template's section of an absent fact shows nothing.
enum WebJSON {
    static func object(_ shape: some Encodable) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: AnswerJSON.compactData(shape))
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
