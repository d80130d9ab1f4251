import Foundation
import Testing
@testable import Directory

@Suite("Filter and DN escaping")
struct EscapingTests {
    @Test("RFC 4515 vectors")
    func filterVectors() {
        #expect(LDAPFilter.escape("Parens R Us (for all your parenthetical needs)")
            == "Parens R Us \\28for all your parenthetical needs\\29")
        #expect(LDAPFilter.escape("*") == "\\2A")
        #expect(LDAPFilter.escape("C:\\MyFile") == "C:\\5CMyFile")
        #expect(LDAPFilter.escape("a\u{0}b") == "a\\00b")
        #expect(LDAPFilter.escape("Lučić") == "Lu\\C4\\8Di\\C4\\87")
        #expect(LDAPFilter.escape("") == "")
    }

    @Test("the builders escape every value")
    func builders() {
        let filter = LDAPFilter.and([
            LDAPFilter.equals("objectClass", "person"),
            LDAPFilter.or([LDAPFilter.equals("uid", "valer)(uid=*"), LDAPFilter.present("mail")]),
            LDAPFilter.greaterOrEqual("modifyTimestamp", "20260101000000Z"),
            LDAPFilter.not(LDAPFilter.equals("cn", "*")),
        ])
        #expect(filter == "(&(objectClass=person)(|(uid=valer\\29\\28uid=\\2A)(mail=*))"
            + "(modifyTimestamp>=20260101000000Z)(!(cn=\\2A)))")
    }

    @Test("RFC 4514 vectors")
    func dnVectors() {
        #expect(DistinguishedName.escapeValue("Sue, Grabbit and Runn") == "Sue\\2C Grabbit and Runn")
        #expect(DistinguishedName.escapeValue(" leading") == "\\20leading")
        #expect(DistinguishedName.escapeValue("#hash") == "\\23hash")
        #expect(DistinguishedName.escapeValue("a+b=c;\"<>\\") == "a\\2Bb\\3Dc\\3B\\22\\3C\\3E\\5C")
        #expect(DistinguishedName.escapeValue("valer") == "valer")
    }

    @Test("DNs parse into relative names, values unescaped")
    func parsing() throws {
        let names = try DistinguishedName.parse("uid=valer+cn=Robin Vale,ou=People,dc=rose-hulman,dc=edu")
        #expect(names.count == 4)
        #expect(names[0].map(\.attribute) == ["uid", "cn"])
        #expect(names[0].map(\.value) == ["valer", "Robin Vale"])
        #expect(try DistinguishedName.parse("cn=Sue\\2C Grabbit,o=x")[0][0].value == "Sue, Grabbit")
        #expect(throws: DirectoryError.invalidDN("not a dn")) { try DistinguishedName.parse("not a dn") }
    }

    @Test("the first value of an attribute, any case")
    func firstValue() {
        let dn = "uid=valer,ou=People,dc=rose-hulman,dc=edu"
        #expect(DistinguishedName.firstValue(of: "uid", in: dn) == "valer")
        #expect(DistinguishedName.firstValue(of: "DC", in: dn) == "rose-hulman")
        #expect(DistinguishedName.firstValue(of: "cn", in: dn) == nil)
        #expect(DistinguishedName.firstValue(of: "uid", in: "garbage") == nil)
    }

    @Test("escaped filter values hold no unescaped special and decode to the original")
    func filterProperty() {
        for value in RandomValues.strings(count: 500, maximumLength: 24, seed: 4515) {
            let escaped = LDAPFilter.escape(value)
            #expect(!escaped.utf8.contains { [0x00, 0x28, 0x29, 0x2A].contains($0) }, "\(escaped)")
            #expect(Self.unescapeFilterValue(escaped) == Array(value.utf8), "\(escaped)")
        }
    }

    @Test("escaped DN values parse back through libldap to the original")
    func dnProperty() throws {
        for value in RandomValues.strings(count: 500, maximumLength: 24, seed: 4514) {
            let escaped = DistinguishedName.escapeValue(value)
            let names = try DistinguishedName.parse("uid=\(escaped),ou=People,dc=rose-hulman,dc=edu")
            #expect(names.count == 4, "\(escaped)")
            #expect(names.first?.count == 1, "\(escaped)")
            #expect(names.first?.first?.value == value, "\(escaped)")
        }
    }

    @Test("fuzz: ten thousand fixed-seed strings survive both escapings")
    func fuzz() throws {
        for value in RandomValues.strings(count: 10_000, maximumLength: 40, seed: 20_260_101) {
            #expect(Self.unescapeFilterValue(LDAPFilter.escape(value)) == Array(value.utf8))
            let dn = "cn=\(DistinguishedName.escapeValue(value)),dc=edu"
            #expect(DistinguishedName.firstValue(of: "cn", in: dn) == value)
        }
    }

    /// An independent RFC 4515 decoder: `\xx` is a byte; any other backslash is an error.
    static func unescapeFilterValue(_ escaped: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        var input = Array(escaped.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            guard input.count >= 2, let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(value)
            input = input.dropFirst(2)
        }
        return bytes
    }
}
