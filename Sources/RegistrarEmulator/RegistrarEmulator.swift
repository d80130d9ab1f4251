import Foundation
import Hummingbird
import Logging

/// A reg-sched.pl look-alike serving a saved-pages directory over real HTTP on 127.0.0.1;
/// or, for a folder of Banner 9 answers (`getTerms.json`), Banner 9's class-search API with
/// its session rules (``Banner9Routes``); or, for a folder of Banner 8 pages
/// (`bwckschd.p_disp_dyn_sched.html`), Banner 8 Self-Service with its forms (``Banner8Routes``).
///
/// `GET /regweb-cgi/reg-sched.pl?type=Roster&termcode=202630&view=tgrid&id=CSSE474-02` answers
/// `202630/Roster-CSSE474-02.html`; no `type` answers `terms.html`; `POST /regweb-cgi/reg-download.pl`
/// with `id=CSSE220-01` answers `{term}/Roster-CSSE220-01.csv`. A lookup with no saved page gets the
/// registrar's "No Match Found" page with status 200.
///
/// ```swift
/// let emulator = try await RegistrarEmulator.start(
///     pagesDirectory: URL(fileURLWithPath: "fixtures/demo-campus"),
///     authentication: .basic(username: "demo", password: secret))
/// defer { Task { await emulator.stop() } }
/// let url = emulator.baseURL.appendingPathComponent("regweb-cgi/reg-sched.pl")
/// emulator.setBehaviour(EmulatorBehaviour(serverErrors: .firstRequests(1)))
/// print(emulator.statistics.totalRequests)
/// ```
public final class RegistrarEmulator: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let baseURL: URL
    /// The port it listens on.
    public let port: Int
    private let state: EmulatorState
    private let server: Task<Void, Never>

    private init(port: Int, state: EmulatorState, server: Task<Void, Never>) {
        self.port = port
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        self.state = state
        self.server = server
    }

    /// Starts serving `pagesDirectory` in the background and returns once it listens.
    ///
    /// - Parameters:
    ///   - pagesDirectory: A saved-pages directory (`terms.html`, `{term}/{Type}-{id}.html`).
    ///   - authentication: What a client must present; refused requests get 401.
    ///   - behaviour: Faults to show from the first request; change them with ``setBehaviour(_:)``.
    ///   - port: The port on 127.0.0.1; 0 picks any free port.
    public static func start(
        pagesDirectory: URL, authentication: EmulatorAuthentication = .none, behaviour: EmulatorBehaviour = .normal,
        port: Int = 0
    ) async throws(EmulatorError) -> RegistrarEmulator {
        try checkPagesDirectory(pagesDirectory)
        let state = EmulatorState(behaviour: behaviour)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let failure = LockedBox<(any Error)?>(nil)
        let app = application(
            pagesDirectory: pagesDirectory, authentication: authentication, state: state, port: port
        ) { continuation.yield($0) }
        let server = Task {
            do { try await app.run() } catch { failure.value = error }
            continuation.finish()
        }
        guard let bound = await ports.first(where: { _ in true }) else {
            throw cannotListen(port: port, reason: failure.value.map { "\($0)" } ?? "the server stopped")
        }
        return RegistrarEmulator(port: bound, state: state, server: server)
    }

    /// Serves `pagesDirectory` in the foreground until SIGINT or SIGTERM, then stops gracefully.
    ///
    /// - Parameter onListening: Called with the base URL once the server listens.
    public static func serve(
        pagesDirectory: URL, authentication: EmulatorAuthentication = .none, behaviour: EmulatorBehaviour = .normal,
        port: Int = 0, onListening: @escaping @Sendable (URL) -> Void
    ) async throws {
        try checkPagesDirectory(pagesDirectory)
        let listening = LockedBox(false)
        let app = application(
            pagesDirectory: pagesDirectory, authentication: authentication, state: EmulatorState(behaviour: behaviour),
            port: port
        ) { bound in
            listening.value = true
            onListening(URL(string: "http://127.0.0.1:\(bound)")!)
        }
        do {
            try await app.runService()
        } catch where !listening.value {
            throw cannotListen(port: port, reason: "\(error)")
        }
    }

    private static func cannotListen(port: Int, reason: String) -> EmulatorError {
        EmulatorError(message: "the registrar emulator could not listen on 127.0.0.1:\(port) (\(reason)); "
            + "choose another --port, or 0 for any free port")
    }

    /// The address a person starts from for `pagesDirectory`: Banner 9's term list, Banner 8's, or reg-sched.pl.
    public static func entryPath(for pagesDirectory: URL) -> String {
        if Banner9Routes.holdsAnswers(pagesDirectory) { return Banner9Routes.prefix + "classSearch/getTerms" }
        if Banner8Routes.holdsPages(pagesDirectory) { return Banner8Routes.prefix + "bwckschd.p_disp_dyn_sched" }
        return "/regweb-cgi/reg-sched.pl"
    }

    /// The behaviour in force.
    public var behaviour: EmulatorBehaviour { state.currentBehaviour }

    /// Replaces the behaviour while running; counted faults (`firstRequests`, `failAfterSuccesses`) count from now.
    public func setBehaviour(_ behaviour: EmulatorBehaviour) { state.setBehaviour(behaviour) }

    /// What has been asked so far.
    public var statistics: EmulatorStatistics { state.currentStatistics }

    /// Forgets the requests counted so far.
    public func resetStatistics() { state.resetStatistics() }

    /// Stops listening and waits until the server has shut down.
    public func stop() async {
        server.cancel()
        await server.value
    }

    private static func checkPagesDirectory(_ directory: URL) throws(EmulatorError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw EmulatorError(message: "the pages directory \(directory.path) does not exist; give a saved-pages "
                + "directory such as fixtures/demo-campus")
        }
    }

    private static func application(
        pagesDirectory: URL, authentication: EmulatorAuthentication, state: EmulatorState, port: Int,
        onListening: @escaping @Sendable (Int) -> Void
    ) -> some ApplicationProtocol {
        let router = Router()
        router.add(middleware: FaultMiddleware(state: state, authentication: authentication))
        if Banner9Routes.holdsAnswers(pagesDirectory) {
            Banner9Routes(answers: pagesDirectory, state: state).add(to: router)
        } else if Banner8Routes.holdsPages(pagesDirectory) {
            Banner8Routes(pages: pagesDirectory, state: state).add(to: router)
        } else {
            PageRoutes(resolver: PageResolver(pagesDirectory: pagesDirectory), state: state).add(to: router)
        }
        var logger = Logger(label: "registrar-emulator")
        logger.logLevel = .warning
        return Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "reg-sched.pl emulator"),
            onServerRunning: { channel in onListening(channel.localAddress?.port ?? port) },
            logger: logger)
    }
}

/// A value shared between the server's tasks and the code waiting on them.
private final class LockedBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
