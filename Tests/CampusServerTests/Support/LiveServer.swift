import AsyncHTTPClient
import CampusLookup
import CampusServer
import Foundation
import Logging
import NIOCore
import NIOHTTP1
import ServiceLifecycle
import SlapdHarness

/// The test process's shared slapd, stopped as the process exits (a static is never deinitialised).
nonisolated(unsafe) private var sharedSlapd: SlapdServer?

/// A real `campus serve` on a free loopback port over a copy of the demo index, logging
/// people in against a real slapd loaded with the demo directory (every password is
/// `demo-<username>`), with its own user-state store. Requests go over real HTTP.
final class LiveServer: ServerUnderTest {
    /// One slapd for the whole test process.
    static func sharedDirectory() async throws -> SlapdServer {
        try await slapdCache.server()
    }

    private static let slapdCache = SlapdCache()

    private actor SlapdCache {
        private var started: SlapdServer?

        func server() throws -> SlapdServer {
            if let started { return started }
            let ldif = DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif").path
            let server = try SlapdServer.start(ldifFiles: [ldif])
            started = server
            sharedSlapd = server
            atexit { sharedSlapd?.stop() }
            return server
        }
    }

    let root: URL
    let baseURL: String
    let service: CampusService
    private let task: Task<Void, any Error>

    /// Starts a server. Refreshes are off unless `flags` turn them on; the demo's registrar is `marchk`.
    ///
    /// - Parameter directorySettings: the configuration's `directory:` section, for a directory
    ///   other than a slapd (an Active Directory); `directory` and the shared slapd are then not used.
    static func start(
        _ flags: [String] = [], root given: URL? = nil, directory: SlapdServer? = nil,
        directorySettings: String? = nil, extraConfiguration: String = ""
    ) async throws -> LiveServer {
        let root = try given ?? ServerFiles.freshRoot()
        let index = try await ServerFiles.demoIndex(in: root)
        let settings: String
        if let directorySettings {
            settings = directorySettings
        } else {
            let slapd: SlapdServer
            if let directory { slapd = directory } else { slapd = try await sharedDirectory() }
            settings = """
                directory:
                  url: \(slapd.url)
                  base: ou=People,\(slapd.baseDN)
                  bind-dn: \(slapd.adminDN)
                  password-file: \(slapd.adminPasswordFile)
                """
        }
        try ServerFiles.writeConfiguration("index: \(index.path)\n" + settings + "\n" + extraConfiguration, in: root)
        let campus = try ServerFiles.campus(in: root)
        let service = try CampusService(campus: campus, configuration: try await campus.serverConfiguration(flags: ServerFiles.testDefaults(flags), environment: [:]))
        var logger = Logger(label: "campus.serve.test")
        logger.logLevel = .warning
        let server = CampusServer(service: service, openAPI: try campus.openAPIDocument(), logger: logger)
        let (addresses, continuation) = AsyncStream<String>.makeStream()
        let group = try server.serviceGroup { address in continuation.yield(address) }
        let task = Task { try await group.run() }
        var iterator = addresses.makeAsyncIterator()
        guard let address = await iterator.next() else { throw CancellationError() }
        return LiveServer(root: root, baseURL: address, service: service, group: group, task: task)
    }

    private init(root: URL, baseURL: String, service: CampusService, group: ServiceGroup, task: Task<Void, any Error>) {
        self.root = root
        self.baseURL = baseURL
        self.service = service
        self.group = group
        self.task = task
    }

    private let group: ServiceGroup

    /// Shuts the server down gracefully and waits until it has.
    func stop() async {
        await group.triggerGracefulShutdown()
        _ = await task.result
    }

    /// A client that shows the bytes as sent: no redirects followed, nothing decompressed.
    static let client = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup,
        configuration: .init(redirectConfiguration: .disallow, decompression: .disabled))

    func exchange(_ method: HTTPMethod, _ path: String, headers: [(String, String)], body: [UInt8]?) async throws -> ServerAnswer {
        try await Self.exchange(baseURL: baseURL, method, path, headers: headers, body: body)
    }

    /// One exchange over real HTTP with whatever serves `baseURL` (a server, or a proxy in front of several).
    static func exchange(
        baseURL: String, _ method: HTTPMethod, _ path: String, headers: [(String, String)], body: [UInt8]?
    ) async throws -> ServerAnswer {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(bytes: body)) }
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 32 << 20)
        return ServerAnswer(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
    }
}
