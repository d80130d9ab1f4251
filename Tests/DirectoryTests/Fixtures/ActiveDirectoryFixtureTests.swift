import Directory
import Foundation
import SlapdHarness
import Testing

/// `fixtures/directory-ad.ldif` reads whole through the LDIF reader.
@Suite("Active Directory fixture")
struct ActiveDirectoryFixtureTests {
    static let file = SlapdServer.repositoryRoot + "/fixtures/directory-ad.ldif"

    @Test("five AD-shaped people, binary GUIDs, an escaped comma and accents intact")
    func readsWhole() throws {
        var entries: [DirectoryEntry] = []
        try LDIFReader.forEachEntry(inFile: Self.file) { entries.append($0) }
        #expect(entries.map { $0.text("sAMAccountName") } == ["valer", "whitfid", "quinna", "holtq", "nunezj"])
        for entry in entries {
            #expect(entry.texts("objectClass").contains("user"))
            #expect(entry.values("objectGUID").first?.count == 16)
            #expect(entry.text("whenChanged")?.hasSuffix(".0Z") == true)
        }
        #expect(entries[1].dn == "CN=Whitfield\\, Dana,OU=Faculty,DC=ad,DC=rose-hulman,DC=edu")
        #expect(entries[4].dn == "CN=José Núñez,OU=Staff,DC=ad,DC=rose-hulman,DC=edu")
        #expect(entries[4].text("displayName") == "José Núñez")
        #expect(entries.filter { $0.text("extensionAttribute1") == "suppress" }.map { $0.text("sAMAccountName") } == ["holtq"])
    }
}
