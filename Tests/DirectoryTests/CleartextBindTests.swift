import SlapdHarness
import Testing
@testable import Directory

@Suite("Passwords never cross a network in clear text unasked", .serialized)
struct CleartextBindTests {
    @Test("a password bind without TLS to a host that is not loopback is refused unless allowed; anonymous and loopback binds go ahead")
    func cleartextRefused() throws {
        try SlapdScope.withServer(ldif: TestPeople.named) { server in
            let port = try #require(server.url.split(separator: ":").last)
            // 0.0.0.0 reaches this machine's own server, but names no loopback host: it stands
            // for a server elsewhere on the network without leaving the machine.
            let elsewhere = "ldap://0.0.0.0:\(port)"
            let refused = DirectoryConnection(server: try DirectoryServer(url: elsewhere))
            try refused.open()
            #expect(throws: DirectoryError.cleartextBind(url: elsewhere)) { try refused.bind(try server.adminCredential()) }
            try refused.bind(.anonymous)
            #expect(DirectoryError.cleartextBind(url: elsewhere).description.contains("StartTLS"))

            var allowedServer = try DirectoryServer(url: elsewhere)
            allowedServer.allowsCleartext = true
            let allowed = DirectoryConnection(server: allowedServer)
            try allowed.open()
            try allowed.bind(try server.adminCredential())

            _ = try server.connect(as: try server.adminCredential())
            #expect(try DirectoryServer(url: "ldap://localhost:389").isLoopback)
            #expect(try DirectoryServer(url: "ldap://[::1]:389").isLoopback)
            #expect(try !DirectoryServer(url: "ldap://ldap.example.edu").isLoopback)
        }
    }
}
