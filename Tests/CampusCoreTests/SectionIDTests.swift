import CampusCore
import Testing

@Suite("Section identifiers")
struct SectionIDTests {
    @Test("splits subject, course and section")
    func parts() throws {
        let id = try #require(SectionID("EMGT512-OL1"))
        #expect(id.subject == "EMGT")
        #expect(id.course == "EMGT512")
        #expect(id.section == "OL1")
    }

    @Test("accepts a space and lower case, as comments write them")
    func lenient() {
        #expect(SectionID("CSSE 490-01")?.rawValue == "CSSE490-01")
        #expect(SectionID("csse474-02")?.rawValue == "CSSE474-02")
    }

    @Test("rejects what is not a section", arguments: ["CSSE474", "-01", "474-01", "CSSE-01", "CS/MA", "O203-1x?"])
    func rejects(text: String) {
        #expect(SectionID(text) == nil)
    }

    @Test("reads non-ASCII ids as ASCII ones are read (the byte-by-byte path and the general one agree)",
          arguments: [("ÉCON 101-01", "ÉCON101-01"), ("CSSE474-02\u{00A0}", "CSSE474-02"), ("csse474-a-b", "CSSE474-A-B"), ("ÉCON-01", nil)])
    func unicode(text: String, expected: String?) {
        #expect(SectionID(text)?.rawValue == expected)
    }

    @Test("an ASCII id with a dash last, a tab inside or a second dash", arguments: [
        ("CSSE474-", nil), ("CSSE\t474-02", "CSSE474-02"), ("CSSE474--02", "CSSE474--02"), ("1CSSE-01", nil),
    ])
    func asciiEdges(text: String, expected: String?) {
        #expect(SectionID(text)?.rawValue == expected)
    }
}
