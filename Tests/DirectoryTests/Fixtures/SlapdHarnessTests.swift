import Foundation
import SlapdHarness
import Testing

/// `scripts/slapd` and `SlapdServer` against a real slapd on loopback.
@Suite("slapd harness", .serialized)
struct SlapdHarnessTests {
    static let person = """
        dn: uid=valer,ou=People,dc=rose-hulman,dc=edu
        objectClass: inetOrgPerson
        objectClass: eduPerson
        objectClass: campusPerson
        uid: valer
        cn: Robin Vale
        sn: Vale
        eduPersonPrimaryAffiliation: faculty
        campusMailbox: CM 97

        """

    @Test("a started server answers over plain LDAP, StartTLS and LDAPS")
    func answersOnEveryConnection() throws {
        let ldif = try SlapdServer.writeTemporaryLDIF(Self.person)
        defer { try? FileManager.default.removeItem(atPath: ldif) }
        let server = try SlapdServer.start(ldifFiles: [ldif])
        defer { server.stop() }

        #expect(server.url.hasPrefix("ldap://127.0.0.1:"))
        #expect(server.ldapsURL.hasPrefix("ldaps://localhost:"))
        #expect(server.baseDN == "dc=rose-hulman,dc=edu")
        for connection in [SlapdConnection.plain, .startTLS, .ldaps] {
            let found = try server.search(filter: "(uid=valer)", attributes: ["campusMailbox"], connection: connection)
            #expect(found.contains("campusMailbox: CM 97"), "\(connection)")
        }
    }

    @Test("the admin password is only in its file, which only the owner reads")
    func adminPasswordStaysInItsFile() throws {
        let server = try SlapdServer.start(ldifFiles: [])
        defer { server.stop() }
        let attributes = try FileManager.default.attributesOfItem(atPath: server.adminPasswordFile)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let password = try String(contentsOfFile: server.adminPasswordFile, encoding: .utf8)
        #expect(password.count >= 16)
        #expect(!password.hasSuffix("\n"))
        let configuration = try String(contentsOfFile: server.directory + "/slapd.conf", encoding: .utf8)
        #expect(!configuration.contains(password))
        let arguments = try String(contentsOfFile: server.directory + "/slapd.args", encoding: .utf8)
        #expect(!arguments.contains(password))
    }

    @Test("modify applies change records as the admin")
    func modifyAppliesChanges() throws {
        let server = try SlapdServer.start(ldifFiles: [])
        defer { server.stop() }
        try server.modify(ldif: Self.person)
        try server.modify(ldif: """
            dn: uid=valer,ou=People,dc=rose-hulman,dc=edu
            changetype: modify
            replace: campusPrivacy
            campusPrivacy: suppress

            """)
        #expect(try server.search(filter: "(campusPrivacy=suppress)", attributes: ["uid"]).contains("uid: valer"))
    }

    @Test("the size limit is configured (paged searches may go past it), and the admin sees past it")
    func sizeLimitIsConfigured() throws {
        let people = (1...3).map { index in
            Self.person.replacingOccurrences(of: "valer", with: "person\(index)")
        }.joined(separator: "\n")
        let ldif = try SlapdServer.writeTemporaryLDIF(people)
        defer { try? FileManager.default.removeItem(atPath: ldif) }
        let server = try SlapdServer.start(ldifFiles: [ldif], sizeLimit: 2)
        defer { server.stop() }
        let configuration = try String(contentsOfFile: server.directory + "/slapd.conf", encoding: .utf8)
        #expect(configuration.contains("sizelimit size.soft=2 size.hard=2 size.prtotal=unlimited\n"))
        #expect(try server.search(filter: "(uid=person*)", attributes: ["uid"]).components(separatedBy: "uid: ").count == 4)
    }

    @Test("kill stops the server at once and keeps its directory until stop")
    func killKeepsTheDirectory() throws {
        let server = try SlapdServer.start(ldifFiles: [])
        server.kill()
        #expect(throws: SlapdError.self) { try server.search(filter: "(uid=*)") }
        #expect(FileManager.default.fileExists(atPath: server.directory + "/slapd.log"))
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: server.directory))
    }

    @Test("a broken LDIF file fails the start with slapadd's complaint")
    func brokenLDIFFails() throws {
        let ldif = try SlapdServer.writeTemporaryLDIF("dn: uid=x,ou=Nowhere,dc=rose-hulman,dc=edu\nobjectClass: account\nuid: x\n")
        defer { try? FileManager.default.removeItem(atPath: ldif) }
        let error = try #require(throws: SlapdError.self) { try SlapdServer.start(ldifFiles: [ldif]) }
        #expect(error.standardError.contains("slapadd could not load"))
    }
}
