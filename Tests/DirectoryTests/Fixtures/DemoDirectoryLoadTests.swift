import DemoCampus
import Foundation
import SlapdHarness
import Testing

/// The directory fixtures load into a real slapd with the project's schemas.
@Suite("demo directory in slapd", .serialized)
struct DemoDirectoryLoadTests {
    static let committed = SlapdServer.repositoryRoot + "/fixtures/directory.ldif"

    /// How many entries an unwrapped LDIF search result holds.
    static func count(_ ldif: String) -> Int {
        ldif.split(separator: "\n").filter { $0.hasPrefix("dn: ") }.count
    }

    @Test("the committed demo directory loads whole, and reads back over LDAPS")
    func committedDemoLoads() throws {
        let server = try SlapdServer.start(ldifFiles: [Self.committed])
        defer { server.stop() }
        let people = try server.search(filter: "(objectClass=campusPerson)", attributes: ["1.1"])
        #expect(Self.count(people) == Self.count(DirectoryFixture.demo()))

        let vale = try server.search(filter: "(uid=valer)", connection: .ldaps)
        #expect(vale.contains("cn: Robin Vale"))
        #expect(vale.contains("telephoneNumber: 812-877-8411"))
        #expect(vale.contains("jpegPhoto:: /9j/"))
        let advisees = try server.search(filter: "(campusAdvisor=uid=valer,ou=People,dc=rose-hulman,dc=edu)", attributes: ["uid"])
        #expect(advisees.contains("uid: quinna"))
        let accented = try server.search(filter: "(sn=Núñez)", attributes: ["uid"])
        #expect(accented.contains("uid: nunezj"))
    }

    @Test("the suppressed people carry the flag in the server too")
    func suppressedAreFlagged() throws {
        let server = try SlapdServer.start(ldifFiles: [Self.committed])
        defer { server.stop() }
        let flagged = try server.search(filter: "(campusPrivacy=suppress)", attributes: ["uid"])
        let usernames = flagged.split(separator: "\n").filter { $0.hasPrefix("uid: ") }.map { String($0.dropFirst(5)) }
        #expect(usernames.sorted() == DirectoryFixture.suppressedUsernames.sorted())
    }

    @Test("a generated directory of 2,500 people loads beside the demo")
    func scaleLoads() throws {
        let ldif = try SlapdServer.writeTemporaryLDIF(DirectoryFixture.scale(people: 2_500, seed: 7))
        defer { try? FileManager.default.removeItem(atPath: ldif) }
        let server = try SlapdServer.start(ldifFiles: [Self.committed, ldif])
        defer { server.stop() }
        #expect(Self.count(try server.search(filter: "(uid=u0*)", attributes: ["1.1"])) == 2_500)
        #expect(try server.search(filter: "(uid=u002450)", attributes: ["jpegPhoto"]).contains("jpegPhoto:: /9j/"))
    }
}
