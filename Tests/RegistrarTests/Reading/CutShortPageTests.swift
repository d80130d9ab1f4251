import Foundation
import Testing
@testable import Registrar

/// Pages libxml2 would read only in part: an error naming where, never a page with part of its sections.
@Suite("Pages the parser cannot read to their end")
struct CutShortPageTests {
    private func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: RegistrarTestFiles.samples.appendingPathComponent(name)))
    }

    private func read(_ bytes: [UInt8], _ source: String) throws -> Void {
        _ = try PageReader(definition: try RegistrarTestFiles.definition()).read(bytes, source: source)
    }

    @Test("a page nested deeper than libxml2's limit is refused, naming the page and the line")
    func tooDeep() throws {
        let page = try sample("sample-courses.html")
        let deep = Array("<div>".utf8).repeated(300) + page
        #expect(throws: PageReadError.self) { try read(deep, "deep.html") }
        do {
            try read(deep, "deep.html")
        } catch let PageReadError.cutShort(source, line, reason) {
            #expect(source == "deep.html" && line >= 1)
            #expect(reason.contains("depth"))
        }
        try read(Array("<div>".utf8).repeated(200) + page, "deep-enough.html")
    }

    @Test("bytes that are not in the page's declared encoding stop the read: an error naming the line")
    func encodingError() throws {
        let page = try sample("sample-courses.html")
        let middle = page.count / 2
        let broken = Array("<meta charset=\"utf-8\">\n".utf8) + page[..<middle] + [0xFF] + page[middle...]
        do {
            try read(broken, "broken.html")
            Issue.record("a page with a byte not in UTF-8 was read")
        } catch let PageReadError.cutShort(source, line, reason) {
            let lineOfByte = broken[..<(middle + 23)].filter { $0 == 0x0A }.count + 1
            #expect(source == "broken.html" && line == lineOfByte)
            #expect(reason.contains("UTF-8") && !reason.contains("\n"))
        }
    }
}

private extension Array where Element == UInt8 {
    func repeated(_ count: Int) -> [UInt8] { Array([[UInt8]](repeating: self, count: count).joined()) }
}
