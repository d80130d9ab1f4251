import DemoCampus
import Foundation
import SlapdHarness
import Testing
@testable import Directory

@Suite("LDIF reading")
struct LDIFReaderTests {
    static func entries(_ text: String, name: String = "test.ldif") throws -> [DirectoryEntry] {
        let reader = LDIFReader(contents: text, name: name)
        var entries: [DirectoryEntry] = []
        while let entry = try reader.next() { entries.append(entry) }
        return entries
    }

    @Test("content records, comments, folded lines and base64 values")
    func contentRecords() throws {
        let entries = try Self.entries("""
            version: 1

            # the people
            dn: uid=valer,ou=People,dc=rose-hulman,dc=edu
            objectClass: inetOrgPerson
            uid: valer
            # a comment inside the record
            description: a long line folded
              over two lines
            cn:: Um9iaW4gVmFsw6k=

            dn: uid=brennam,ou=People,dc=rose-hulman,dc=edu
            uid: brennam
            mail: brennam@rose-hulman.edu
            mail: mb@rose-hulman.edu
            """)
        #expect(entries.map(\.dn) == ["uid=valer,ou=People,dc=rose-hulman,dc=edu",
                                      "uid=brennam,ou=People,dc=rose-hulman,dc=edu"])
        #expect(entries[0].text("description") == "a long line folded over two lines")
        #expect(entries[0].text("cn") == "Robin Valé")
        #expect(entries[1].texts("mail") == ["brennam@rose-hulman.edu", "mb@rose-hulman.edu"])
    }

    @Test("binary values stay bytes")
    func binaryValues() throws {
        let photo = Data([0xFF, 0xD8, 0xFF, 0x00, 0x0A, 0x80, 0xFE, 0x0D])
        let entries = try Self.entries("""
            dn: cn=photo,dc=edu
            jpegPhoto:: \(photo.base64EncodedString())
            objectGUID:: AAECAwQFBgcICQoLDA0ODw==

            """)
        #expect(entries.first?.values("jpegPhoto") == [photo])
        #expect(entries.first?.values("objectguid") == [Data(0...15)])
    }

    @Test("changetype: add records give entries; other change types name their line")
    func changeTypes() throws {
        let added = try Self.entries("dn: cn=a,dc=edu\nchangetype: add\ncn: a\n")
        #expect(added.first?.text("cn") == "a")
        #expect(throws: DirectoryError.self) { try Self.entries("dn: cn=a,dc=edu\ncn: a\n\ndn: cn=a,dc=edu\nchangetype: delete\n") }
        do {
            _ = try Self.entries("dn: cn=a,dc=edu\ncn: a\n\ndn: cn=a,dc=edu\nchangetype: modify\nreplace: cn\ncn: b\n-\n")
            Issue.record("a modify record was read")
        } catch let DirectoryError.malformedLDIF(file, line, detail) {
            #expect(file == "test.ldif")
            #expect(line == 5)
            #expect(detail.contains("changetype: modify"))
        }
    }

    @Test("a malformed file names the file and the line")
    func malformed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("malformed-\(UUID()).ldif").path
        try "dn: cn=a,dc=edu\ncn: a\n\n\n# next\ndn: cn=b,dc=edu\ncn: b\nthis line has no colon\n\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let error = #expect(throws: DirectoryError.self) { try LDIFReader.forEachEntry(inFile: path) { _ in } }
        #expect(error == .malformedLDIF(file: path, line: 8, detail:
            "\"this line has no colon\" is not \"attribute: value\", \"attribute:: base64\" or \"attribute:< URL\""))
        #expect(error?.description.hasPrefix("\(path):8: not valid LDIF") == true)
    }

    @Test("bytes a plain value may not hold are errors naming the line: a NUL, text not in UTF-8, a byte-order mark; a character folded across lines reads whole")
    func valueBytes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ldif-bytes-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ bytes: [UInt8]) throws -> String {
            let path = folder.appendingPathComponent("\(UUID()).ldif").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        let nul = try file(Array("dn: cn=a,dc=edu\ncn: A".utf8) + [0] + Array("B\nsn: nul\n".utf8))
        #expect(throws: DirectoryError.malformedLDIF(file: nul, line: 2, detail:
            "a NUL byte, which a plain value may not hold: write such a value in base64 (attribute:: ...)")) {
            try LDIFReader.forEachEntry(inFile: nul) { _ in }
        }
        let latin1 = try file(Array("dn: cn=a,dc=edu\ncn: Jos".utf8) + [0xE9] + Array("\nsn: x\n".utf8))
        let notUTF8 = #expect(throws: DirectoryError.self) { try LDIFReader.forEachEntry(inFile: latin1) { _ in } }
        #expect(notUTF8.map { "\($0)" }?.contains(":2: ") == true && notUTF8.map { "\($0)" }?.contains("not UTF-8") == true, "\(String(describing: notUTF8))")
        let bom = try file([0xEF, 0xBB, 0xBF] + Array("dn: cn=a,dc=edu\ncn: a\n".utf8))
        let marked = #expect(throws: DirectoryError.self) { try LDIFReader.forEachEntry(inFile: bom) { _ in } }
        #expect(marked.map { "\($0)" }?.contains("byte-order mark") == true)
        // é is 0xC3 0xA9: folded between its two bytes, as RFC 2849 allows.
        let folded = try file(Array("dn: cn=a,dc=edu\ncn: Jos".utf8) + [0xC3] + Array("\n ".utf8) + [0xA9] + Array("\n".utf8))
        var names: [String] = []
        try LDIFReader.forEachEntry(inFile: folded) { names += $0.texts("cn") }
        #expect(names == ["José"])
    }

    @Test("a record that does not start with dn: names its first line")
    func missingDN() {
        #expect(throws: DirectoryError.malformedLDIF(file: "test.ldif", line: 3, detail: "a record must start with a dn: line, not \"cn: a\"")) {
            try Self.entries("# header\n\ncn: a\ndn: cn=a,dc=edu\n")
        }
    }

    @Test("a version other than 1 names its line (libldap would print its own line and go on)")
    func otherVersion() throws {
        #expect(throws: DirectoryError.malformedLDIF(file: "test.ldif", line: 2, detail: "\"version: 2\" is no LDIF version this reads: RFC 2849 defines only version: 1")) {
            try Self.entries("# header\nversion: 2\ndn: cn=a,dc=edu\ncn: a\n")
        }
        #expect(try Self.entries("version: 1\ndn: cn=a,dc=edu\ncn: a\n").count == 1)
        #expect(try Self.entries("version: 1\n\ndn: cn=a,dc=edu\ncn: a\n").count == 1)
    }

    @Test("a dn: line inside an entry (a blank line missing) names its line rather than joining two people")
    func missingBlankLine() throws {
        #expect(throws: DirectoryError.malformedLDIF(file: "test.ldif", line: 3, detail: "a dn: line inside an entry: put an empty line before it, after the entry above")) {
            try Self.entries("dn: uid=a,dc=edu\nuid: a\ndn: uid=b,dc=edu\nuid: b\n")
        }
    }

    @Test("a missing file is a clear error")
    func missingFile() {
        #expect(throws: DirectoryError.unreadableLDIF(file: "/nonexistent/directory.ldif", detail: "No such file or directory")) {
            try LDIFReader(path: "/nonexistent/directory.ldif")
        }
    }

    @Test("the committed demo directory reads whole")
    func demoDirectory() throws {
        var entries: [DirectoryEntry] = []
        try LDIFReader.forEachEntry(inFile: SlapdServer.repositoryRoot + "/fixtures/directory.ldif") { entries.append($0) }
        #expect(entries.count == DirectoryFixture.demo().split(separator: "\n").filter { $0.hasPrefix("dn: ") }.count)
        #expect(entries.contains { $0.dn == "uid=brennam,ou=People,dc=rose-hulman,dc=edu" })
        #expect(entries.allSatisfy { $0.text("uid") != nil })
    }

    @Test("the AD-shaped fixture reads: escaped DNs, folded values, 16-byte objectGUIDs")
    func activeDirectoryShape() throws {
        var entries: [DirectoryEntry] = []
        try LDIFReader.forEachEntry(inFile: SlapdServer.repositoryRoot + "/fixtures/directory-ad.ldif") { entries.append($0) }
        #expect(entries.count == 5)
        let whitfield = try #require(entries.first { $0.text("sAMAccountName") == "whitfid" })
        #expect(whitfield.dn == "CN=Whitfield\\, Dana,OU=Faculty,DC=ad,DC=rose-hulman,DC=edu")
        #expect(whitfield.text("distinguishedName") == whitfield.dn)
        #expect(DistinguishedName.firstValue(of: "cn", in: whitfield.dn) == "Whitfield, Dana")
        #expect(entries.allSatisfy { $0.values("objectGUID").first?.count == 16 })
    }

    @Test("a generated scale directory reads, every hundredth person with a JPEG photo")
    func scaleDirectory() throws {
        let reader = LDIFReader(contents: DirectoryFixture.scale(people: 300, seed: 7), name: "scale.ldif")
        var count = 0, photos = 0
        while let entry = try reader.next() {
            count += 1
            if let photo = entry.values("jpegPhoto").first {
                photos += 1
                #expect(photo.starts(with: [0xFF, 0xD8]))
            }
        }
        #expect(count == 300)
        #expect(photos == 3)
    }

    @Test("entries stream one at a time from a large file")
    func streaming() throws {
        let text = (1...3000).map { "dn: uid=u\($0),dc=edu\nuid: u\($0)\n" }.joined(separator: "\n")
        let reader = LDIFReader(contents: text, name: "scale.ldif")
        var count = 0
        while let entry = try reader.next() {
            count += 1
            #expect(entry.text("uid") == "u\(count)")
        }
        #expect(count == 3000)
    }
}
