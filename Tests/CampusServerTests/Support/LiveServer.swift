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
final class LiveServer: Sendable {
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

    /// The folder a server keeps its files in (index, user state, configuration).
    static func freshRoot() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("campus-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("config/campus"), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        return root
    }

    /// Starts a server. Refreshes are off unless `options` turn them on; the demo's registrar is `marchk`.
    ///
    /// - Parameter directorySettings: the configuration's `directory:` section, for a directory
    ///   other than a slapd (an Active Directory); `directory` and the shared slapd are then not used.
    static func start(
        _ options: ServeOptions = ServeOptions(), root given: URL? = nil, directory: SlapdServer? = nil,
        directorySettings: String? = nil, extraConfiguration: String = ""
    ) async throws -> LiveServer {
        let root = try given ?? freshRoot()
        let index = try await demoIndex(in: root)
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
        try writeConfiguration("index: \(index.path)\n" + settings + "\n" + extraConfiguration, in: root)
        let campus = try campus(in: root)
        var options = options
        options.port = options.port ?? 0
        options.roles = options.roles.isEmpty ? ["registrar=marchk"] : options.roles
        options.directoryRefreshMinutes = options.directoryRefreshMinutes ?? 0
        options.directoryFullAt = options.directoryFullAt ?? "off"
        let service = try CampusService(campus: campus, configuration: try campus.serverConfiguration(options))
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

    /// `root`'s copy of the demo index (made when missing), private to its owner.
    static func demoIndex(in root: URL) async throws -> URL {
        let index = root.appendingPathComponent("index.sqlite")
        if !FileManager.default.fileExists(atPath: index.path) {
            try FileManager.default.copyItem(at: try await DemoIndexFile.url(), to: index)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: index.path)
        }
        return index
    }

    /// Writes `root`'s configuration file (mode 600).
    static func writeConfiguration(_ text: String, in root: URL) throws {
        let configFile = root.appendingPathComponent("config/campus/config.yaml")
        try text.write(to: configFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: configFile.path)
    }

    /// A campus over `root`'s files, as the server reads them.
    static func campus(in root: URL) throws -> CampusContext {
        try CampusContext(
            paths: CampusPaths(environment: ["HOME": root.path, "XDG_CONFIG_HOME": root.appendingPathComponent("config").path]),
            locator: ResourceLocator(environment: ["CAMPUS_HOME": DemoIndexFile.packageRoot.path]), concurrentReads: true)
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

    /// One exchange with the server.
    struct Answer: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }

        /// The body as a JSON object; empty when it is none.
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:] }

        /// The body as a JSON array; empty when it is none.
        var array: [Any] { (try? JSONSerialization.jsonObject(with: Data(body))) as? [Any] ?? [] }

        func header(_ name: String) -> String? { headers.first(name: name) }
    }

    /// Sends a request; `token` as a bearer token, `json` as the body.
    func send(
        _ method: HTTPMethod = .GET, _ path: String, token: String? = nil, json: Any? = nil, body: String? = nil,
        headers: [(String, String)] = []
    ) async throws -> Answer {
        var request = HTTPClientRequest(url: baseURL + path)
        request.method = method
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: json)))
        } else if let body {
            request.body = .bytes(ByteBuffer(string: body))
        }
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        let response = try await Self.client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 32 << 20)
        return Answer(status: Int(response.status.code), headers: response.headers, body: Array(bytes.readableBytesView))
    }

    /// Logs `username` in with the demo password; the token.
    func logIn(_ username: String) async throws -> String {
        let answer = try await send(.POST, "/v1/session", json: ["username": username, "password": "demo-\(username)"])
        guard answer.status == 200, let token = answer.json["token"] as? String else {
            throw LogInFailed(username: username, status: answer.status, body: answer.text)
        }
        return token
    }

    struct LogInFailed: Error, CustomStringConvertible {
        var username: String
        var status: Int
        var body: String
        var description: String { "log-in of \(username) answered \(status): \(body)" }
    }
}
