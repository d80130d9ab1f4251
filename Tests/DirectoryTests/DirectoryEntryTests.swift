import Foundation
import Testing
@testable import Directory

@Suite("Directory entries")
struct DirectoryEntryTests {
    @Test("attribute names ignore case and options")
    func attributeNames() {
        var entry = DirectoryEntry(dn: "uid=valer,ou=People,dc=example,dc=edu", attributes: ["jpegPhoto;binary": [Data([0xFF, 0xD8])]])
        entry.append([Data("Robin".utf8)], to: "givenName")
        #expect(entry.values("JPEGPHOTO") == [Data([0xFF, 0xD8])])
        #expect(entry.text("givenname") == "Robin")
        #expect(entry.text("jpegPhoto") == nil)
        #expect(entry.text("mail") == nil)
    }
}
