import Foundation
import SlapdHarness
import Testing
@testable import Directory

/// A suite trait that starts one slapd for the whole suite and stops it when
/// the suite is done; tests reach it as ``SlapdScope/server``.
///
/// ```swift
/// @Suite(.serialized, .slapd(ldif: { TestPeople.ldif(count: 10) }))
/// struct SomeTests {
///     @Test func works() throws { let server = try SlapdScope.server() }
/// }
/// ```
struct SlapdScope: SuiteTrait, TestScoping {
    @TaskLocal static var current: SlapdServer?
    let ldif: @Sendable () -> String

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        let server = try Self.start(ldif: ldif())
        defer { server.stop() }
        try await Self.$current.withValue(server, operation: function)
    }

    /// The suite's server.
    static func server() throws -> SlapdServer {
        try #require(current, "the suite lacks the .slapd trait")
    }

    /// A server of its own for one test (one that kills or stops it), stopped afterwards.
    static func withServer<Result>(ldif: String, _ body: (SlapdServer) throws -> Result) throws -> Result {
        let server = try start(ldif: ldif)
        defer { server.stop() }
        return try body(server)
    }

    private static func start(ldif: String) throws -> SlapdServer {
        let file = try SlapdServer.writeTemporaryLDIF(ldif)
        defer { try? FileManager.default.removeItem(atPath: file) }
        return try SlapdServer.start(ldifFiles: [file])
    }
}

extension Trait where Self == SlapdScope {
    /// One slapd for the suite, loaded with `ldif`.
    static func slapd(ldif: @escaping @Sendable () -> String) -> Self {
        SlapdScope(ldif: ldif)
    }
}

extension SlapdServer {
    /// The plain `ldap://` server, certificate checks on.
    func plain(tls: DirectoryServer.TLSMode = .none) throws -> DirectoryServer {
        try DirectoryServer(url: url, tls: tls, caFile: caFile, connectTimeout: .seconds(3), operationTimeout: .seconds(10))
    }

    /// The admin's credential, the password read from its file.
    func adminCredential() throws -> DirectoryCredential {
        .simple(bindDN: adminDN, password: try DirectorySecret.readFile(adminPasswordFile),
                source: "the file \(adminPasswordFile)")
    }

    /// A connection opened and bound as `credential`.
    func connect(as credential: DirectoryCredential = .anonymous) throws -> DirectoryConnection {
        let connection = DirectoryConnection(server: try plain())
        try connection.open()
        try connection.bind(credential)
        return connection
    }
}
