import Foundation
import DemoCampus
import SlapdHarness
import Testing
@testable import Directory

@Suite("Paged searches past the size limit", .serialized, .slapd(ldif: { DirectoryFixture.scale(people: 2500, seed: 2696) }))
struct PagingTests {
    static func request(_ server: SlapdServer, pageSize: Int? = 500, sizeLimit: Int? = nil) -> DirectorySearchRequest {
        DirectorySearchRequest(base: "ou=People,\(server.baseDN)", filter: LDAPFilter.equals("objectClass", "inetOrgPerson"),
                               attributes: ["uid"], pageSize: pageSize, sizeLimit: sizeLimit)
    }

    @Test("paging returns all 2,500 people, one receive call per page")
    func pagesThroughEveryone() throws {
        let server = try SlapdScope.server()
        var pages: [Int] = []
        var uids = Set<String>()
        let outcome = try server.connect().search(Self.request(server, pageSize: 300)) { page in
            pages.append(page.count)
            uids.formUnion(page.compactMap { $0.text("uid") })
        }
        #expect(outcome.entryCount == 2500)
        #expect(outcome.warnings.isEmpty)
        #expect(uids.count == 2500)
        #expect(pages.count == 9)
        #expect(pages.allSatisfy { $0 <= 300 })
        #expect(outcome.pageCount == pages.count)
    }

    @Test("without paging the server's size limit makes a partial result with a warning, not a failure")
    func sizeLimitIsPartial() throws {
        let server = try SlapdScope.server()
        var received = 0
        let outcome = try server.connect().search(Self.request(server, pageSize: nil)) { received += $0.count }
        #expect(received == 500)
        #expect(outcome.entryCount == 500)
        #expect(outcome.partial)
        #expect(outcome.warnings.contains { $0.contains("size limit") })
    }

    @Test("the request's own size limit stops early, partially")
    func requestSizeLimit() throws {
        let server = try SlapdScope.server()
        let outcome = try server.connect().search(Self.request(server, pageSize: 50, sizeLimit: 120)) { _ in }
        #expect(outcome.entryCount == 120)
        #expect(outcome.partial)
    }

    @Test("an error from receive stops the search and comes back as it was")
    func receiveErrorStops() throws {
        struct Enough: Error {}
        let server = try SlapdScope.server()
        var calls = 0
        #expect(throws: Enough.self) {
            try server.connect().search(Self.request(server, pageSize: 100)) { _ in
                calls += 1
                if calls == 2 { throw Enough() }
            }
        }
        #expect(calls == 2)
    }
}
