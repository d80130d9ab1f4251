/// Encodes an answer into the API's compact JSON: the bytes Foundation's `JSONEncoder`
/// writes with `[.sortedKeys, .withoutEscapingSlashes]` (keys in the order of their UTF-8
/// bytes, integers and strings as Foundation writes them, a value inside that encodes
/// nothing as `{}`, one at the top refused), at a fraction of its cost.
///
/// Foundation's encoder checks every value against the types it treats specially (dates,
/// data, URLs, string-keyed dictionaries) by dynamic casts and builds a boxed tree it then
/// sorts; on a search answer of 25 people and sections that was four times the search
/// itself (BENCHMARKS.md). This one writes each scalar's JSON text once, keeps objects'
/// members unsorted until they are written, and reuses one encoder for the whole answer.
/// Answers hold strings, integers, booleans, arrays and objects (``Nullable``,
/// ``Withholdable``); a `Double` is written as Foundation writes it, and a non-finite one
/// is refused as Foundation refuses it.
enum CompactJSONEncoder {
    /// The JSON bytes of `value`.
    static func encode(_ value: some Encodable) throws -> [UInt8] {
        let encoder = JSONTreeEncoder()
        try value.encode(to: encoder)
        guard let tree = encoder.result else {
            throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(type(of: value)) did not encode any values."))
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(4096)
        tree.write(to: &bytes)
        return bytes
    }
}

/// The value being encoded: scalars as they are written, objects and arrays as boxes
/// their containers keep filling after they are handed out.
enum JSONTree {
    /// A number, `true`, `false` or `null`, as written.
    case literal(String)
    /// A string, escaped when written.
    case string(String)
    case object(JSONObjectBox)
    case array(JSONArrayBox)
    /// What an encoder handed out by `superEncoder()` ends up holding.
    case deferred(JSONTreeEncoder)

    static var null: JSONTree { .literal("null") }
    static var emptyObject: JSONTree { .literal("{}") }
    static var `true`: JSONTree { .literal("true") }
    static var `false`: JSONTree { .literal("false") }

    func write(to bytes: inout [UInt8]) {
        switch self {
        case .literal(let text):
            bytes.append(contentsOf: text.utf8)
        case .string(let string):
            JSONText.appendString(string, to: &bytes)
        case .object(let box):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in box.sortedMembers().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                JSONText.appendString(member.key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case .array(let box):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in box.elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                element.write(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .deferred(let encoder):
            (encoder.result ?? .emptyObject).write(to: &bytes)
        }
    }
}

/// An object's members in the order they were encoded.
final class JSONObjectBox {
    var members: [(key: String, value: JSONTree)] = []

    /// The members by their keys' UTF-8 bytes; of a key encoded twice, the last value.
    /// An insertion sort, stable: objects have a dozen members.
    func sortedMembers() -> [(key: String, value: JSONTree)] {
        var sorted = members
        for index in sorted.indices.dropFirst() {
            let member = sorted[index]
            var slot = index
            while slot > 0, member.key.utf8.lexicographicallyPrecedes(sorted[slot - 1].key.utf8) {
                sorted[slot] = sorted[slot - 1]
                slot -= 1
            }
            sorted[slot] = member
        }
        var last = 0
        for index in sorted.indices.dropFirst() {
            if sorted[index].key == sorted[last].key { sorted[last] = sorted[index] } else { last += 1; sorted[last] = sorted[index] }
        }
        sorted.removeSubrange(min(last + 1, sorted.count)...)
        return sorted
    }
}

/// An array's elements in order.
final class JSONArrayBox {
    var elements: [JSONTree] = []
}
