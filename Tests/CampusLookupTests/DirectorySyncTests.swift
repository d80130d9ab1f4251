import CampusCore
import CampusIndex
@testable import CampusLookup
import Foundation
import SlapdHarness
import Synchronization
import Testing

/// `syncDirectory` against a real slapd loaded from `fixtures/directory.ldif`.
@Suite("Syncing the index from the directory", .serialized)
struct DirectorySyncTests {
    static let fixture = TestCampus.packageRoot.appendingPathComponent("fixtures/directory.ldif").path

    /// A campus whose configuration file names `server` as its directory.
    func configuredCampus(_ server: SlapdServer, pageSize: Int = 500) throws -> (TestCampus, CampusContext) {
        let campus = try TestCampus()
        try campus.configure("""
            directory:
              url: \(server.url)
              base: \(server.baseDN)
              bind-dn: \(server.adminDN)
              password-file: \(server.adminPasswordFile)
              starttls: required
              ca-file: \(server.caFile)
              page-size: \(pageSize)
            """)
        return (campus, try campus.context())
    }

    func sync(_ context: CampusContext, _ options: DirectorySyncOptions = DirectorySyncOptions(),
              progress: @escaping @Sendable (DirectorySyncProgress) -> Void = { _ in }) async throws -> DirectorySyncResult {
        try await context.syncDirectory(try context.directorySyncRequest(options), now: Date(), progress: progress)
    }

    func phone(of username: String, in context: CampusContext) throws -> String? {
        try context.read { try $0.person(username) }?.phone
    }

    @Test("incremental syncs read changes after ldapmodify; deletions wait for a full sync")
    func incremental() async throws {
        let server = try SlapdServer.start(ldifFiles: [Self.fixture])
        defer { server.stop() }
        let (campus, context) = try configuredCampus(server)
        defer { campus.cleanUp() }

        let first = try await sync(context)
        #expect(first.report.kind == .full)
        #expect(first.report.added == first.report.state.entryCount)
        #expect(first.report.state.highWater != nil)
        let before = try #require(try phone(of: "valer", in: context))

        try await Task.sleep(for: .milliseconds(1100))
        try server.modify(ldif: """
            dn: uid=valer,ou=People,\(server.baseDN)
            changetype: modify
            replace: telephoneNumber
            telephoneNumber: 812-877-0042

            dn: uid=whitfid,ou=People,\(server.baseDN)
            changetype: modify
            replace: campusPrivacy
            campusPrivacy: suppress

            dn: uid=brennam,ou=People,\(server.baseDN)
            changetype: delete

            """)
        let second = try await sync(context)
        #expect(second.report.kind == .incremental)
        #expect(second.report.updated >= 2)
        #expect(second.report.removed == 0)
        #expect(second.report.added + second.report.updated + second.report.unchanged < first.report.added)
        #expect(try phone(of: "valer", in: context) == "812-877-0042")
        #expect(before != "812-877-0042")
        #expect(try context.read { try $0.person("whitfid") } == nil, "a newly suppressed person disappears")
        #expect(try context.read { try $0.directoryPerson("brennam") } != nil, "an incremental sync does not see deletions")

        let full = try await sync(context, DirectorySyncOptions(full: true))
        #expect(full.report.kind == .full)
        #expect(full.report.removed == 1)
        #expect(try context.read { try $0.directoryPerson("brennam") } == nil)
    }

    @Test("a server killed mid-sync leaves the index as it was; the next sync completes")
    func killedMidSync() async throws {
        let server = try SlapdServer.start(ldifFiles: [Self.fixture])
        defer { server.stop() }
        let (campus, context) = try configuredCampus(server, pageSize: 20)
        defer { campus.cleanUp() }
        let first = try await sync(context)
        let before = try #require(try phone(of: "valer", in: context))
        let peopleBefore = first.report.state.entryCount

        try server.modify(ldif: """
            dn: uid=valer,ou=People,\(server.baseDN)
            changetype: modify
            replace: telephoneNumber
            telephoneNumber: 812-877-0077

            """)
        let killed = Mutex(false)
        await #expect(throws: (any Error).self) {
            _ = try await sync(context, DirectorySyncOptions(full: true)) { progress in
                guard progress.pages == 2, !killed.withLock({ $0 }) else { return }
                killed.withLock { $0 = true }
                server.kill()
            }
        }
        #expect(killed.withLock { $0 }, "the server should have been killed after the second page")
        #expect(try phone(of: "valer", in: context) == before)
        let state = try #require(try context.read { try $0.directorySyncStates() }.first)
        #expect(state.entryCount == peopleBefore)

        let revived = try SlapdServer.start(ldifFiles: [Self.fixture])
        defer { revived.stop() }
        try revived.modify(ldif: """
            dn: uid=valer,ou=People,\(revived.baseDN)
            changetype: modify
            replace: telephoneNumber
            telephoneNumber: 812-877-0077

            """)
        let next = try await sync(context, DirectorySyncOptions(
            url: revived.url, bindDN: revived.adminDN, passwordFile: revived.adminPasswordFile, caFile: revived.caFile,
            full: true))
        #expect(next.report.kind == .full)
        #expect(next.report.state.entryCount == peopleBefore)
        #expect(try phone(of: "valer", in: context) == "812-877-0077")
    }

    @Test("an LDIF sync finds the same people as the server holding that LDIF")
    func ldifMatchesServer() async throws {
        let server = try SlapdServer.start(ldifFiles: [Self.fixture])
        defer { server.stop() }
        let (campus, context) = try configuredCampus(server)
        defer { campus.cleanUp() }
        let fromServer = try await sync(context)
        let (other, otherContext) = try configuredCampus(server)
        defer { other.cleanUp() }
        let fromFile = try await sync(otherContext, DirectorySyncOptions(ldif: Self.fixture))
        #expect(fromFile.report.state.entryCount == fromServer.report.state.entryCount)
        #expect(fromFile.report.suppressed == fromServer.report.suppressed)
        #expect(fromFile.report.suppressed > 0)
        let a = try context.read { try $0.directoryPerson("valer") }
        let b = try otherContext.read { try $0.directoryPerson("valer") }
        #expect(a != nil && a?.phone == b?.phone && a?.office == b?.office && a?.department == b?.department)
    }

    @Test("settings that are missing or wrong are named")
    func badSettings() throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let context = try campus.context()
        #expect(throws: CampusError.directoryNotConfigured) { try context.directorySyncRequest(DirectorySyncOptions()) }
        #expect(throws: CampusError.directoryBaseMissing(url: "ldap://127.0.0.1:1")) {
            try context.directorySyncRequest(DirectorySyncOptions(url: "ldap://127.0.0.1:1"))
        }
        #expect(throws: CampusError.directoryPasswordMissing(bindDN: "cn=x")) {
            try context.directorySyncRequest(DirectorySyncOptions(url: "ldap://127.0.0.1:1", base: "dc=x", bindDN: "cn=x"))
        }
        #expect { try context.directorySyncRequest(DirectorySyncOptions(url: "http://x", base: "dc=x")) } throws: {
            "\($0)".contains("ldap://")
        }
        #expect { try context.directorySyncRequest(DirectorySyncOptions(profile: "nosuch", ldif: "/x.ldif")) } throws: {
            "\($0)".contains("directory-profiles/nosuch.yaml")
        }
    }
}
