import CampusCore
import Foundation
import Testing
@testable import Directory

@Suite("Directory profiles")
struct DirectoryProfileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func shipped(_ name: String) throws -> DirectoryProfile {
        try DirectoryProfile.load(contentsOf: root.appendingPathComponent("directory-profiles/\(name).yaml"))
    }

    static func entry(_ dn: String, _ values: [String: [String]], binary: [String: Data] = [:]) -> DirectoryEntry {
        var attributes = values.mapValues { $0.map { Data($0.utf8) } }
        for (name, data) in binary { attributes[name] = [data] }
        return DirectoryEntry(dn: dn, attributes: attributes)
    }

    @Test("the OpenLDAP profile maps inetOrgPerson, eduPerson and campus attributes")
    func openLDAP() throws {
        let profile = try Self.shipped("openldap")
        let photo = Data([0xFF, 0xD8, 0xFF, 0xD9])
        let person = try #require(profile.person(from: Self.entry("uid=quinna,ou=People,dc=rose-hulman,dc=edu", [
            "uid": ["quinna"], "cn": ["Alex Quinn"], "givenName": ["Alex"], "sn": ["Quinn"],
            "mail": ["quinna@rose-hulman.edu", "alex.quinn@rose-hulman.edu"], "telephoneNumber": ["812-877-1234"],
            "campusMailbox": ["CM 1234"], "eduPersonAffiliation": ["member", "Student"], "campusMajor": ["CS"],
            "campusClassYear": ["2027"], "campusAdvisor": ["uid=valer,ou=People,dc=rose-hulman,dc=edu"],
            "modifyTimestamp": ["20261122044100Z"],
        ], binary: ["jpegPhoto;binary": photo])))
        #expect(person.username == "quinna")
        #expect(person.displayName == "Alex Quinn")
        #expect(person.email == "quinna@rose-hulman.edu")
        #expect(person.affiliation == .student)
        #expect(person.advisorUsername == "valer")
        #expect(person.classYear == "2027")
        #expect(person.photo == [UInt8](photo))
        #expect(person.modifiedAt == "20261122044100Z")
        #expect(!person.suppressed)
        #expect(profile.requestedAttributes.contains("campusPrivacy"))
        #expect(profile.requestedAttributes.contains("modifyTimestamp"))
    }

    @Test("the privacy flag suppresses, whatever its case; an entry without a username is not a person")
    func privacy() throws {
        let profile = try Self.shipped("openldap")
        let flagged = Self.entry("uid=x", ["uid": ["x"], "campusPrivacy": ["SUPPRESS"]])
        #expect(profile.person(from: flagged)?.suppressed == true)
        #expect(profile.person(from: Self.entry("cn=printer", ["cn": ["Printer"]])) == nil)
    }

    @Test("the Active Directory profile reads sAMAccountName, physicalDeliveryOfficeName and extensionAttribute1")
    func activeDirectory() throws {
        let profile = try Self.shipped("ad")
        let person = try #require(profile.person(from: Self.entry("CN=Robin Vale,OU=Faculty,DC=ad,DC=example,DC=edu", [
            "sAMAccountName": ["valer"], "displayName": ["Robin Vale"], "physicalDeliveryOfficeName": ["O204"],
            "department": ["Comp Science and Software Eng"], "employeeType": ["Faculty"],
            "extensionAttribute1": ["suppress"], "whenChanged": ["20261101120000.0Z"],
        ])))
        #expect(person.office == "O204")
        #expect(person.department == "Comp Science and Software Eng")
        #expect(person.affiliation == .faculty)
        #expect(person.suppressed)
        #expect(person.modifiedAt == "20261101120000.0Z")
    }

    @Test("a profile without username, with an unknown field or a bare filter is refused, naming what to fix",
          arguments: [
            ("name: x\nfilter: (objectClass=person)\nfields:\n  email: mail\n", "fields.username"),
            ("name: x\nfilter: (objectClass=person)\nfields:\n  username: uid\n  e-mail: mail\n", "unknown field 'e-mail'"),
            ("name: x\nfilter: objectClass=person\nfields:\n  username: uid\n", "in parentheses"),
            ("name: x\nfilter: (a=b)\nfields:\n  username: uid\naffiliations:\n  alumni: [alum]\n", "unknown affiliation 'alumni'"),
            ("name: [\n", "not valid"),
          ])
    func invalid(text: String, expected: String) {
        #expect {
            _ = try DirectoryProfile.parse(text, path: "bad.yaml")
        } throws: { error in
            "\(error)".contains("bad.yaml") && "\(error)".contains(expected)
        }
    }

    @Test("every profile says how opt-outs are known: an attribute and its values, a group, or none; saying nothing is refused",
          arguments: [
            ("privacy: none\n", DirectoryProfile.Privacy.none),
            ("privacy:\n  attribute: campusPrivacy\n  values: [Suppress]\n", .attribute("campusPrivacy", matching: ["suppress"])),
            ("privacy:\n  member-of: \"CN=FERPA Opt-Out,OU=Groups,DC=ad,DC=example,DC=edu\"\n",
             .memberOf("CN=FERPA Opt-Out,OU=Groups,DC=ad,DC=example,DC=edu")),
          ])
    func privacyForms(text: String, expected: DirectoryProfile.Privacy) throws {
        let profile = try DirectoryProfile.parse("name: x\nfilter: (objectClass=person)\nfields:\n  username: uid\n" + text, path: "p.yaml")
        #expect(profile.privacy == expected)
    }

    @Test("a profile silent on opt-outs, or half-saying one, is refused naming the forms it may take",
          arguments: ["", "privacy: nobody\n", "privacy:\n  attribute: campusPrivacy\n", "privacy:\n  member-of: \"\"\n"])
    func privacyRefused(text: String) {
        #expect {
            _ = try DirectoryProfile.parse("name: x\nfilter: (objectClass=person)\nfields:\n  username: uid\n" + text, path: "p.yaml")
        } throws: { error in
            "\(error)".contains("p.yaml") && "\(error)".contains("privacy") && "\(error)".contains("member-of")
        }
    }

    @Test("a member of the opt-out group named in an export's memberOf is suppressed, whatever the DN's case and spacing")
    func memberOfInAnExport() throws {
        let profile = try DirectoryProfile.parse(
            "name: x\nfilter: (objectClass=user)\nfields:\n  username: sAMAccountName\nprivacy:\n  member-of: CN=FERPA Opt-Out,OU=Groups,DC=ad,DC=example,DC=edu\n",
            path: "p.yaml")
        let member = Self.entry("CN=a", ["sAMAccountName": ["a"], "memberOf": ["cn=ferpa opt-out, ou=Groups,dc=ad,dc=example,dc=edu"]])
        let other = Self.entry("CN=b", ["sAMAccountName": ["b"], "memberOf": ["CN=Staff,OU=Groups,DC=ad,DC=example,DC=edu"]])
        #expect(profile.person(from: member)?.suppressed == true)
        #expect(profile.person(from: other)?.suppressed == false)
    }

    @Test("the names people log in by: a username, user@realm, DOMAIN\\user; anything else is no name",
          arguments: [
            ("valer", LoginName.username("valer")), (" Valer ", .username("Valer")),
            ("valer@rose-hulman.edu", .principal("valer@rose-hulman.edu")),
            ("CAMPUS\\dwhitfield", .domainUser(domain: "CAMPUS", user: "dwhitfield")),
          ])
    func loginNames(typed: String, expected: LoginName) {
        #expect(LoginName(typed) == expected)
    }

    @Test("a log-in name with filter syntax, spaces, two domains or no realm is no name", arguments: [
        "", "*", "val er", "a@b", "a@b@c.edu", "A\\B\\c", "\\valer", "valer\\", "(uid=*)", "vålér", String(repeating: "a", count: 300),
    ])
    func notLoginNames(typed: String) {
        #expect(LoginName(typed) == nil)
    }

    @Test("attribute names are read from a subschema's attributeTypes, aliases included")
    func schemaNames() throws {
        let profile = try Self.shipped("openldap")
        let schema = [
            "( 0.9.2342.19200300.100.1.1 NAME ( 'uid' 'userid' ) EQUALITY caseIgnoreMatch )",
            "( 2.5.4.3 NAME ( 'cn' 'commonName' ) DESC 'RFC4519: common name' SUP name )",
            "( 0.9.2342.19200300.100.1.3 NAME ( 'mail' 'rfc822Mailbox' ) )",
            "( 2.5.18.2 NAME 'modifyTimestamp' EQUALITY generalizedTimeMatch )",
        ]
        let missing = profile.fieldsMissing(fromSchema: schema)
        #expect(!missing.contains { $0.hasPrefix("username") || $0.hasPrefix("display-name") || $0.hasPrefix("email") })
        #expect(!missing.contains { $0.hasPrefix("modified") })
        #expect(missing.contains("privacy (campusPrivacy)") && missing.contains("photo (jpegPhoto)"))
    }
}
