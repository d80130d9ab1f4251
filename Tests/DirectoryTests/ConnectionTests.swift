import Foundation
import SlapdHarness
import Testing
@testable import Directory

@Suite("Connecting, binding and searching", .serialized, .slapd(ldif: { TestPeople.named }))
struct ConnectionTests {
    @Test("an anonymous bind can search")
    func anonymousSearch() throws {
        let server = try SlapdScope.server()
        let connection = try server.connect()
        var entries: [DirectoryEntry] = []
        let outcome = try connection.search(DirectorySearchRequest(
            base: "ou=People,\(server.baseDN)", filter: LDAPFilter.equals("uid", "valer"))) { entries += $0 }
        #expect(outcome.entryCount == 1)
        #expect(!outcome.partial)
        #expect(entries.first?.dn == "uid=valer,ou=People,dc=rose-hulman,dc=edu")
        #expect(entries.first?.text("cn") == "Robin Vale")
    }

    @Test("the admin binds with the password from its file")
    func goodBind() throws {
        let server = try SlapdScope.server()
        let connection = try server.connect(as: try server.adminCredential())
        #expect(connection.isOpen)
    }

    @Test("a refused bind names the DN and the password's source, never the password")
    func badBind() throws {
        let server = try SlapdScope.server()
        let connection = DirectoryConnection(server: try server.plain())
        try connection.open()
        let password = "not-the-admin-password-42"
        let credential = DirectoryCredential.simple(bindDN: server.adminDN, password: DirectorySecret(password),
                                                    source: "the environment variable CAMPUS_LDAP_PASSWORD")
        let error = #expect(throws: DirectoryError.self) { try connection.bind(credential) }
        #expect(error == .bindRefused(bindDN: server.adminDN, credentialSource: "the environment variable CAMPUS_LDAP_PASSWORD"))
        let message = error?.description ?? ""
        #expect(message.contains("cn=admin,dc=rose-hulman,dc=edu"))
        #expect(message.contains("CAMPUS_LDAP_PASSWORD"))
        #expect(!message.contains(password))
        #expect(!"\(credential)".contains(password))
        #expect(!String(reflecting: credential).contains(password))
    }

    @Test("an empty password is refused before it reaches the server")
    func emptyPassword() throws {
        let connection = try SlapdScope.server().connect()
        #expect(throws: DirectoryError.emptyPassword) {
            try connection.bind(.simple(bindDN: "uid=valer,ou=People,dc=rose-hulman,dc=edu", password: DirectorySecret(""), source: "test"))
        }
    }

    @Test("readEntry reads one entry, operational attributes by name, nil when absent")
    func readEntry() throws {
        let server = try SlapdScope.server()
        let connection = try server.connect()
        let entry = try #require(try connection.readEntry(dn: "uid=brennam,ou=People,\(server.baseDN)",
                                                          attributes: ["uid", "modifyTimestamp"]))
        #expect(entry.text("uid") == "brennam")
        #expect(entry.text("modifyTimestamp")?.hasSuffix("Z") == true)
        #expect(entry.values("cn").isEmpty)
        #expect(try connection.readEntry(dn: "uid=nobody,ou=People,\(server.baseDN)") == nil)
    }

    @Test("a missing base and a bad filter are typed errors")
    func searchErrors() throws {
        let connection = try SlapdScope.server().connect()
        #expect(throws: DirectoryError.noSuchBase("ou=Nowhere,dc=rose-hulman,dc=edu")) {
            try connection.search(DirectorySearchRequest(base: "ou=Nowhere,dc=rose-hulman,dc=edu")) { _ in }
        }
        let error = #expect(throws: DirectoryError.self) {
            try connection.search(DirectorySearchRequest(base: "dc=rose-hulman,dc=edu", filter: "(uid=valer")) { _ in }
        }
        guard case .searchFailed(_, "(uid=valer", _, _) = error else {
            Issue.record("expected searchFailed, got \(String(describing: error))")
            return
        }
    }

    @Test("binary values round-trip as bytes")
    func jpegPhoto() throws {
        let server = try SlapdScope.server()
        let photo = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x0A, 0x0D, 0x80, 0xFF, 0xD9])
        try server.modify(ldif: """
            dn: uid=whitfid,ou=People,\(server.baseDN)
            changetype: modify
            replace: jpegPhoto
            jpegPhoto:: \(photo.base64EncodedString())

            """)
        let entry = try server.connect().readEntry(dn: "uid=whitfid,ou=People,\(server.baseDN)", attributes: ["jpegPhoto"])
        #expect(entry?.values("jpegPhoto") == [photo])
    }
}
