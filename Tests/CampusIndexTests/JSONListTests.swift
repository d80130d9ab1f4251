import Foundation
import Testing

@testable import CampusIndex

@Suite("Lists kept in one JSON text column")
struct JSONListTests {
    @Test("what JSONEncoder writes reads back, escapes and all")
    func roundTrips() throws {
        let lists: [[String]] = [[], ["MA474-02"], ["a/b", "quote \" back \\ slash", "tab\tnew\nline", "é ü ñ", "𝄞 clef", "\u{01}"]]
        for list in lists {
            let text = String(decoding: try JSONEncoder().encode(list), as: UTF8.self)
            #expect(try JSONList.decode(text) == list, "\(text)")
        }
        #expect(try JSONList.decode(" [ \"x\" , \"y\" ] ") == ["x", "y"])
    }

    @Test("anything but an array of strings is refused")
    func refusesOthers() {
        for text in ["", "[", "[\"x\"", "[1]", "[\"x\",]", "[\"\\q\"]", "[\"\\ud834\"]", "{}", "[] x"] {
            #expect(throws: JSONList.Malformed.self, "\(text)") { try JSONList.decode(text) }
        }
    }
}
