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
            #expect(reason.contains("depth") && !reason.contains("XML_PARSE_HUGE"), "\(reason)")
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

    @Test("a NUL byte, where libxml2 silently stops, is refused naming its line")
    func nulByte() throws {
        let page = try sample("sample-roster.html")
        let middle = page.count / 2
        let broken = Array(page[..<middle]) + [0] + Array(page[middle...])
        do {
            try read(broken, "nul.html")
            Issue.record("a page with a NUL byte was read")
        } catch let PageReadError.cutShort(source, line, reason) {
            #expect(source == "nul.html")
            #expect(line == page[..<middle].filter { $0 == 0x0A }.count + 1)
            #expect(reason.contains("NUL"))
        }
    }

    @Test("a page cut off mid-table (in transfer, on disk) is refused naming the line it ends at")
    func cutOffMidTable() throws {
        let page = try sample("sample-roster.html")
        let text = String(decoding: page, as: UTF8.self)
        let end = try #require(text.range(of: "</TR>", range: text.index(text.startIndex, offsetBy: text.count / 2)..<text.endIndex))
        let cut = Array(text[..<end.upperBound].utf8)
        do {
            try read(cut, "cut.html")
            Issue.record("a roster cut off half-way through its students was read")
        } catch let PageReadError.cutShort(source, line, reason) {
            #expect(source == "cut.html")
            #expect(line == cut.filter { $0 == 0x0A }.count + 1)
            #expect(reason.contains("still open"))
        }
    }

    @Test("every real page, every demo page and every fixture but the cut one closes its tables")
    func wholePagesRead() throws {
        let root = RegistrarTestFiles.packageRoot.appendingPathComponent("fixtures")
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".html") && !$0.hasSuffix("truncated.html") }.map { root.appendingPathComponent($0) }
            + FileManager.default.contentsOfDirectory(at: RegistrarTestFiles.samples, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "html" }
        #expect(files.count > 100)
        for file in files {
            #expect(PageCompleteness.cutShort(Array(try Data(contentsOf: file))) == nil, "\(file.path)")
        }
    }

    @Test("tables named in comments and tags that only begin with 'table' are not counted")
    func commentsAndOtherTags() {
        #expect(PageCompleteness.cutShort(Array("<TABLE><!-- <TABLE> --><TR><TD><TABLEAU>x</TD></TR></TABLE>".utf8)) == nil)
        #expect(PageCompleteness.cutShort(Array("<table>\n<tr><td>x".utf8))?.line == 2)
    }

    @Test("a page saved as UTF-16 (with its byte-order mark, either way round) reads as the page it is, not as one cut at a NUL byte")
    func utf16() throws {
        let page = try sample("sample-courses.html")
        let reader = PageReader(definition: try RegistrarTestFiles.definition())
        let expected = try reader.read(page, source: "utf8.html")
        let text = String(decoding: page, as: UTF8.self)
        let little: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        for bytes in [little, big] {
            let read = try reader.read(bytes, source: "utf16.html")
            #expect(read.sections == expected.sections && read.kind == expected.kind)
        }
    }
}

private extension Array where Element == UInt8 {
    func repeated(_ count: Int) -> [UInt8] { Array([[UInt8]](repeating: self, count: count).joined()) }
}
