import Foundation
import SlapdHarness
import Testing
@testable import Directory

@Suite("Faults: a server that is down, dies or drops the connection", .serialized)
struct FaultTests {
    @Test("a port nobody listens on is unreachable")
    func serverDown() throws {
        let server = try DirectoryServer(url: "ldap://127.0.0.1:1", connectTimeout: .seconds(2))
        let connection = DirectoryConnection(server: server)
        let error = #expect(throws: DirectoryError.self) { try connection.open() }
        guard case .unreachable("ldap://127.0.0.1:1", _) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(error?.isConnectionLoss == true)
    }

    @Test("a server killed during a search gives a typed error, not a hang")
    func killedMidSearch() throws {
        try SlapdScope.withServer(ldif: TestPeople.numbered(2000)) { server in
            let connection = try server.connect(as: try server.adminCredential())
            var pages = 0
            let error = #expect(throws: DirectoryError.self) {
                try connection.search(DirectorySearchRequest(base: server.baseDN, pageSize: 100)) { _ in
                    pages += 1
                    if pages == 1 { server.kill() }
                }
            }
            #expect(pages == 1)
            #expect(error?.isConnectionLoss == true, "\(String(describing: error))")
        }
    }

    @Test("a server that stops answering is a time-out once the operation time-out has passed")
    func hungServer() throws {
        try SlapdScope.withServer(ldif: TestPeople.named) { server in
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try LoopbackProxy(targetPort: port)
            defer { proxy.stop() }
            let url = "ldap://127.0.0.1:\(proxy.port)"
            let connection = DirectoryConnection(server: try DirectoryServer(url: url, operationTimeout: .seconds(1)))
            try connection.open()
            try connection.bind(.anonymous)
            proxy.freeze()
            let started = ContinuousClock.now
            #expect(throws: DirectoryError.timeout(url: url, operation: "the search under \(server.baseDN)")) {
                try connection.search(DirectorySearchRequest(base: server.baseDN)) { _ in }
            }
            #expect(ContinuousClock.now - started >= .seconds(1), "the time-out fired before the operation time-out")
        }
    }

    @Test("after a lost connection the session reconnects, says so, and restarts the search from the start")
    func sessionRestarts() throws {
        try SlapdScope.withServer(ldif: TestPeople.numbered(1200)) { server in
            let port = try #require(UInt16(server.url.split(separator: ":").last ?? ""))
            let proxy = try LoopbackProxy(targetPort: port)
            defer { proxy.stop() }
            let session = DirectorySession(server: try DirectoryServer(url: "ldap://127.0.0.1:\(proxy.port)", operationTimeout: .seconds(10)),
                                           credential: try server.adminCredential(), retryDelay: .milliseconds(50))
            var staged: [String] = []
            var restarts: [DirectoryError] = []
            var pages = 0
            let outcome = try session.search(DirectorySearchRequest(base: "ou=People,\(server.baseDN)", filter: LDAPFilter.present("uid"),
                                                                    attributes: ["uid"], pageSize: 200),
                                             onRestart: { restarts.append($0); staged.removeAll() },
                                             receive: { page in
                                                 pages += 1
                                                 staged += page.compactMap { $0.text("uid") }
                                                 if pages == 2 { proxy.dropConnections() }
                                             })
            #expect(restarts.count == 1)
            #expect(restarts.first?.isConnectionLoss == true)
            #expect(outcome.entryCount == 1200)
            #expect(staged.count == 1200)
            #expect(Set(staged).count == 1200)
        }
    }

    @Test("a session gives up after its attempts, with the connection error")
    func sessionGivesUp() throws {
        let session = DirectorySession(server: try DirectoryServer(url: "ldap://127.0.0.1:1"), credential: .anonymous,
                                       maximumAttempts: 2, retryDelay: .milliseconds(10))
        var restarts = 0
        let error = #expect(throws: DirectoryError.self) {
            try session.search(DirectorySearchRequest(base: "dc=rose-hulman,dc=edu"), onRestart: { _ in restarts += 1 }, receive: { _ in })
        }
        #expect(restarts == 1)
        #expect(error?.isConnectionLoss == true)
    }
}
