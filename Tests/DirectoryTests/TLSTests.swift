import Foundation
import SlapdHarness
import Testing
@testable import Directory

@Suite("TLS: StartTLS and ldaps, with and without the CA", .serialized, .slapd(ldif: { TestPeople.named }))
struct TLSTests {
    static func openAndSearch(_ directoryServer: DirectoryServer) throws -> Int {
        let connection = DirectoryConnection(server: directoryServer)
        try connection.open()
        try connection.bind(.anonymous)
        return try connection.search(DirectorySearchRequest(base: "dc=rose-hulman,dc=edu", filter: LDAPFilter.equals("uid", "valer"))) { _ in }.entryCount
    }

    @Test("StartTLS with the CA file")
    func startTLS() throws {
        let server = try SlapdScope.server()
        #expect(try Self.openAndSearch(try server.plain(tls: .startTLS(required: true))) == 1)
    }

    @Test("ldaps with the CA file")
    func ldaps() throws {
        let server = try SlapdScope.server()
        #expect(try Self.openAndSearch(try DirectoryServer(url: server.ldapsURL, caFile: server.caFile)) == 1)
    }

    @Test("a CA that did not sign the certificate is named")
    func wrongCA() throws {
        let server = try SlapdScope.server()
        let otherCA = try Self.unrelatedCA()
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: otherCA).deletingLastPathComponent()) }
        for directoryServer in [try DirectoryServer(url: server.url, tls: .startTLS(required: true), caFile: otherCA),
                                try DirectoryServer(url: server.ldapsURL, caFile: otherCA)] {
            #expect(throws: DirectoryError.tls(url: directoryServer.url, detail: "the server's certificate is not signed by the CA in \(otherCA)")) {
                try Self.openAndSearch(directoryServer)
            }
        }
    }

    @Test("a missing CA file is named")
    func missingCAFile() throws {
        let server = try SlapdScope.server()
        let directoryServer = try DirectoryServer(url: server.ldapsURL, caFile: "/nonexistent/ca.pem")
        #expect(throws: DirectoryError.tls(url: server.ldapsURL, detail: "the CA file /nonexistent/ca.pem does not exist or cannot be read")) {
            try Self.openAndSearch(directoryServer)
        }
    }

    @Test("a host name the certificate does not name is refused, naming the host")
    func hostNameMismatch() throws {
        let server = try SlapdScope.server()
        // The certificate names localhost, 127.0.0.1 and this machine; 127.0.0.2 forwards to the server.
        let port = try #require(UInt16(server.ldapsURL.split(separator: ":").last ?? ""))
        let proxy = try LoopbackProxy(targetPort: port, listenAddress: 0x7F00_0002)
        defer { proxy.stop() }
        let url = "ldaps://127.0.0.2:\(proxy.port)"
        let error = #expect(throws: DirectoryError.self) { try Self.openAndSearch(try DirectoryServer(url: url, caFile: server.caFile)) }
        guard case .tls(url, let detail) = error else {
            Issue.record("expected a TLS error, got \(String(describing: error))")
            return
        }
        #expect(detail.hasPrefix("the server's certificate does not match the host name 127.0.0.2"))
        #expect(detail.contains("localhost"))
    }

    @Test("opportunistic StartTLS falls back to plain text when TLS cannot be had")
    func opportunistic() throws {
        let server = try SlapdScope.server()
        let otherCA = try Self.unrelatedCA()
        defer { try? FileManager.default.removeItem(at: URL(fileURLWithPath: otherCA).deletingLastPathComponent()) }
        let directoryServer = try DirectoryServer(url: server.url, tls: .startTLS(required: false), caFile: otherCA)
        #expect(try Self.openAndSearch(directoryServer) == 1)
    }

    /// A CA certificate of its own, which signed nothing the server has, alone in a folder of
    /// its own with its key (the caller removes the folder).
    static func unrelatedCA() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                             "-keyout", directory + "/ca.key", "-out", directory + "/ca.pem", "-days", "2", "-subj", "/CN=Unrelated CA"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return directory + "/ca.pem"
    }
}
