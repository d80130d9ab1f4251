import CampusCore
import CampusLookup
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOSSL
import ServiceLifecycle

/// `campus serve`: the JSON API over one ``CampusLookup/CampusService``, run in a
/// `ServiceGroup` with the refresh and alert services, shut down gracefully on SIGTERM and SIGINT.
///
/// ```swift
/// let service = try CampusService(campus: campus, configuration: configuration)
/// try await CampusServer(service: service, openAPI: document, logger: logger).run { address in print(address) }
/// ```
public struct CampusServer: Sendable {
    public let service: CampusService
    let openAPI: [UInt8]
    let logger: Logger
    let helloRoute: Bool
    /// This server's metrics (`/metrics`).
    let metrics = ServerMetrics()

    /// - Parameters:
    ///   - openAPI: the OpenAPI document served at `/openapi.json`.
    ///   - helloRoute: also answer `GET /hello` with `hello` through every middleware: the
    ///     benchmark's reference (`scripts/bench api`), off otherwise.
    public init(service: CampusService, openAPI: [UInt8], logger: Logger, helloRoute: Bool = false) {
        self.service = service
        self.openAPI = openAPI
        self.logger = logger
        self.helloRoute = helloRoute
    }

    /// Serves until SIGTERM or SIGINT, then finishes the requests under way and stops.
    ///
    /// - Parameter onListening: told the address once the server listens (`http://127.0.0.1:8080`).
    public func run(onListening: @escaping @Sendable (String) async -> Void = { _ in }) async throws {
        try await serviceGroup(onListening: onListening).run()
    }

    /// The server and its refresh and alert services in one `ServiceGroup` that shuts down gracefully on
    /// SIGTERM, SIGINT or ``ServiceLifecycle/ServiceGroup/triggerGracefulShutdown()``.
    public func serviceGroup(onListening: @escaping @Sendable (String) async -> Void = { _ in }) throws -> ServiceGroup {
        let refresher = RefreshService(service: service, metrics: metrics, logger: logger)
        let alerter = AlertService(service: service, metrics: metrics, logger: logger)
        return ServiceGroup(configuration: .init(
            services: [.init(service: try application(onListening: onListening)), .init(service: refresher), .init(service: alerter)],
            gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    }

    /// The HTTP application alone (the router and the server that listens), without the
    /// refresh service: what `HummingbirdTesting` drives in the server's tests.
    func application(onListening: @escaping @Sendable (String) async -> Void = { _ in }) throws -> Application<RouterResponder<CampusRequestContext>> {
        let configuration = service.configuration
        let scheme = configuration.tls == nil ? "http" : "https"
        return Application(
            router: router(),
            server: try serverBuilder(),
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: "campus-lookup"),
            onServerRunning: { channel in
                await onListening("\(scheme)://\(configuration.host):\(channel.localAddress?.port ?? configuration.port)")
            },
            logger: logger)
    }

    /// Every route the server answers.
    func routeTable() -> RouteTable {
        routes(on: Router(context: CampusRequestContext.self)).table
    }

    /// The router with every middleware and route.
    func router() -> Router<CampusRequestContext> {
        routes(on: Router(context: CampusRequestContext.self, options: .autoGenerateHeadEndpoints)).router
    }

    private func routes(on router: Router<CampusRequestContext>) -> (router: Router<CampusRequestContext>, table: RouteTable) {
        let configuration = service.configuration
        let site = SiteOrigin(
            publicURL: configuration.publicURL, publicOrigin: configuration.publicURL.flatMap(Self.origin), https: configuration.tls != nil)
        let answerer = Answerer(service: service, policyTag: configuration.policy.name)
        // Whom to believe is its own setting: a proxy on this machine needs no behind-proxy.
        let clientAddress = ClientAddress(trustedProxies: configuration.trustedProxies)
        let api = APIRoutes(service: service, answerer: answerer, clientAddress: clientAddress, site: site, metrics: metrics)
        let table = RouteTableBox()
        let web = WebApp(service: service, answerer: answerer, clientAddress: clientAddress, site: site, metrics: metrics)
        router.add(middleware: RequestIDMiddleware())
        router.add(middleware: ServerVersionMiddleware())
        router.add(middleware: AccessLogMiddleware())
        router.add(middleware: MetricsMiddleware())
        router.add(middleware: SecurityHeadersMiddleware(https: configuration.tls != nil))
        router.add(middleware: ProblemMiddleware(routes: table, pages: WebErrorMiddleware(app: web)))
        // Inside the problem documents: a HEAD request it turns into its GET still fails as the HEAD it was.
        router.add(middleware: CompressionMiddleware())
        router.add(middleware: SessionAuthenticator(service: service, site: site))
        let operations = OperationsRoutes(service: service, metrics: metrics, openAPI: openAPI).register(on: router)
        if helloRoute {
            router.get("/hello") { _, _ in Response(status: .ok, headers: [.contentType: "text/plain"], body: .init(byteBuffer: ByteBuffer(string: "hello"))) }
        }
        let routes = RouteTable(operations + api.register(on: router).routes)
        web.register(on: router)
        table.set(routes)
        return (router, routes)
    }

    /// HTTP/1.1, over TLS when a certificate and key are configured; a connection idle for
    /// ``CampusLookup/ServerConfiguration/connectionIdleLimit`` (a request's head never finished included) is closed.
    private func serverBuilder() throws -> HTTPServerBuilder {
        let idle = TimeAmount.milliseconds(Int64(service.configuration.connectionIdleLimit * 1000))
        let http1 = HTTPServerBuilder.http1(configuration: .init(idleTimeout: idle))
        guard let tls = service.configuration.tls else { return http1 }
        let chain = try NIOSSLCertificate.fromPEMFile(tls.cert).map { NIOSSLCertificateSource.certificate($0) }
        let key = try NIOSSLPrivateKey(file: tls.key, format: .pem)
        let tlsConfiguration = TLSConfiguration.makeServerConfiguration(certificateChain: chain, privateKey: .privateKey(key))
        return try .tls(http1, tlsConfiguration: tlsConfiguration)
    }

    /// `https://campus.example.edu` of `https://campus.example.edu/path`.
    static func origin(_ url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return nil }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }
}
