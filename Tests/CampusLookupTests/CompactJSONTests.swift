@testable import CampusLookup
import Foundation
import Testing

/// The API's own JSON writer against Foundation's `JSONEncoder` (keys sorted, slashes as
/// they are) on what answers can hold; every answer shape is compared too, in ``Golden``.
@Suite("Compact JSON, byte for byte as JSONEncoder writes it")
struct CompactJSONTests {
    private func foundation(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private func ours(_ value: some Encodable) throws -> String {
        String(decoding: try AnswerJSON.compactData(value), as: UTF8.self)
    }

    @Test("every ASCII character, quotes, back-slashes, slashes, control characters, accents, emoji, U+2028")
    func strings() throws {
        let ascii = String(decoding: (0 ..< 128).map { UInt8($0) }, as: UTF8.self)
        for text in [ascii, "", "Álvarez, José", "a/b\\c\"d", "👩🏽‍🏫 \u{2028}\u{2029} \u{FEFF}", "\u{1B}]0;x\u{07}"] {
            #expect(try ours(text) == foundation(text), "\(text.debugDescription)")
            #expect(try ours([text: [text]]) == foundation([text: [text]]))
        }
    }

    @Test("keys in the order of their UTF-8 bytes: cases, digits, underscores, accents")
    func keyOrder() throws {
        let keys = ["b", "B", "a10", "a9", "_x", "é", "e", "Z", "class", "campusMail", "bannerId", "", "a"]
        let object = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
        #expect(try ours(object) == foundation(object))
    }

    @Test("integers at their limits, booleans, null, floating-point numbers, empty containers")
    func scalars() throws {
        #expect(try ours([Int.min, Int.max, 0, -1]) == foundation([Int.min, Int.max, 0, -1]))
        #expect(try ours([UInt64.max]) == foundation([UInt64.max]))
        #expect(try ours([Int8.min]) == foundation([Int8.min]))
        #expect(try ours([true, false]) == foundation([true, false]))
        #expect(try ours([String?.none, "x"]) == foundation([String?.none, "x"]))
        let doubles: [Double] = [1, 0.1, -3.5, 1e20, 1.5e-7, 123456789.125, 0, -0.0]
        #expect(try ours(doubles) == foundation(doubles))
        #expect(try ours([Float(0.1), 2]) == foundation([Float(0.1), 2]))
        #expect(try ours([String]()) == foundation([String]()))
        #expect(try ours([String: Int]()) == foundation([String: Int]()))
        #expect(throws: EncodingError.self) { try AnswerJSON.compactData([Double.nan]) }
        #expect(throws: EncodingError.self) { try AnswerJSON.compactData([Double.infinity]) }
    }

    @Test("nested containers, a key encoded twice, super encoders, a value that encodes nothing, inside and at the top")
    func containers() throws {
        #expect(try ours(Nesting()) == foundation(Nesting()))
        #expect(try ours([Nothing(), Nothing()]) == foundation([Nothing(), Nothing()]))
        #expect(throws: EncodingError.self) { try AnswerJSON.compactData(Nothing()) }
        #expect(throws: EncodingError.self) { try foundation(Nothing()) }
        #expect(try ours(Twice()) == foundation(Twice()))
    }

    private struct Nesting: Encodable {
        enum Keys: String, CodingKey { case zeta, alpha, list, inner }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("z", forKey: .zeta)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var object = list.nestedContainer(keyedBy: Keys.self)
            try object.encode(true, forKey: .alpha)
            var deeper = list.nestedUnkeyedContainer()
            try deeper.encodeNil()
            try list.encode(Nullable<String>(wrappedValue: nil))
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try inner.encode([1, 2], forKey: .list)
            try Nullable(wrappedValue: "s").encode(to: container.superEncoder(forKey: .alpha))
            try "parent".encode(to: container.superEncoder())
        }
    }

    private struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    private struct Twice: Encodable {
        enum Keys: String, CodingKey { case key }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .key)
            try container.encode("second", forKey: .key)
        }
    }
}
