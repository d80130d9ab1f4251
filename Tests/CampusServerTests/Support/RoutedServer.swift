import CampusLookup
@testable import CampusServer
import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import NIOHTTP1

/// A `campus serve` driven through its router by `HummingbirdTesting` (`app.test(.router)`):
/// every middleware and route as served, no socket. Over a copy of the demo index with its
/// own user-state store; passwords checked by ``DemoPasswords``, not a directory server.
final class RoutedServer: ServerUnderTest {
    let root: URL
    let baseURL = "http://localhost"
    let service: CampusService
    private let client: any TestClientProtocol
    private let finish: AsyncStream<Void>.Continuation
    private let task: Task<Void, any Error>

    /// Starts a server with the settings `flags` give (see ``ServerFiles/testDefaults(_:)``) and
    /// `extraConfiguration` added to its configuration file; `clock` tells it the time (else
    /// the machine's, as `flags` set it).
    static func start(
        _ flags: [String] = [], root given: URL? = nil, extraConfiguration: String = "", clock: (any CampusClock)? = nil
    ) async throws -> RoutedServer {
        let root = try given ?? ServerFiles.freshRoot()
        let index = try await ServerFiles.demoIndex(in: root)
        try ServerFiles.writeConfiguration("index: \(index.path)\n" + extraConfiguration, in: root)
        let campus = try ServerFiles.campus(in: root)
        let settings = try await campus.serverConfiguration(flags: ServerFiles.testDefaults(flags), environment: [:])
        let service = try CampusService(
            campus: campus, configuration: settings, login: DemoPasswords.shared, clock: clock ?? SystemClock(offset: settings.clockOffset))
        var logger = Logger(label: "campus.serve.test")
        logger.logLevel = .warning
        let application = try CampusServer(service: service, openAPI: try campus.openAPIDocument(), logger: logger).application()
        let (clients, handOut) = AsyncStream<any TestClientProtocol>.makeStream()
        let (finished, finish) = AsyncStream<Void>.makeStream()
        let task = Task {
            try await application.test(.router) { client in
                handOut.yield(client)
                for await _ in finished {}
            }
        }
        var waiting = clients.makeAsyncIterator()
        guard let client = await waiting.next() else {
            _ = try await task.value
            throw CancellationError()
        }
        return RoutedServer(root: root, service: service, client: client, finish: finish, task: task)
    }

    private init(root: URL, service: CampusService, client: any TestClientProtocol, finish: AsyncStream<Void>.Continuation,
                 task: Task<Void, any Error>) {
        self.root = root
        self.service = service
        self.client = client
        self.finish = finish
        self.task = task
    }

    func exchange(_ method: HTTPMethod, _ path: String, headers: [(String, String)], body: [UInt8]?) async throws -> ServerAnswer {
        var fields = HTTPFields()
        for (name, value) in headers {
            guard let field = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: field, value: value))
        }
        let response = try await client.execute(
            uri: path, method: HTTPRequest.Method(rawValue: method.rawValue) ?? .get, headers: fields, body: body.map { ByteBuffer(bytes: $0) })
        var answerHeaders = HTTPHeaders()
        for field in response.headers { answerHeaders.add(name: field.name.rawName, value: field.value) }
        return ServerAnswer(status: response.status.code, headers: answerHeaders, body: Array(response.body.readableBytesView))
    }

    func stop() async {
        finish.finish()
        _ = await task.result
    }
}
