import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's shared server, stopped as the process exits (a static is never deinitialised).
nonisolated(unsafe) private var processServer: PostgresServer?

/// A throwaway PostgreSQL server on loopback, started with `scripts/postgres` in a fresh
/// temporary directory: the role `campus`, whose random password is only ever in
/// ``passwordFile``, owns the database `campus`; the server takes plain and TLS connections
/// (a test CA, ``caFile``). Call ``stop()`` when done; the server is also stopped when the
/// last reference goes away.
public final class PostgresServer: Sendable {
    /// `postgres://campus@127.0.0.1:PORT/campus`.
    public let url: String
    /// The port on 127.0.0.1.
    public let port: Int
    /// A mode-600 file holding the password of `campus`, without a newline.
    public let passwordFile: String
    /// A psql password file (`PGPASSFILE`) for `campus`, mode 600.
    public let pgpassFile: String
    /// The PEM file of the CA that signed the server's certificate (for `localhost`, 127.0.0.1 and the listen addresses).
    public let caFile: String
    /// The server's temporary directory.
    public let directory: String

    /// Starts a server (about a second), listening on `listenAddresses` too (gateways of a
    /// ``TestNetwork``, for TLS connections from its replicas alone). Throws ``SlapdError``
    /// with the script's error output when it fails.
    public static func start(listenAddresses: [String] = []) throws -> PostgresServer {
        let started = try HarnessScript(path: scriptPath).start(
            prefix: "postgres", files: [], environment: ["HARNESS_LISTEN_ADDRESSES": listenAddresses.joined(separator: " ")])
        do {
            return try PostgresServer(directory: started.folder, environment: started.printed)
        } catch {
            HarnessScript(path: scriptPath).stop(started.folder)
            throw error
        }
    }

    /// One server for the whole test process, started on first use and stopped as the process exits.
    public static func shared() async throws -> PostgresServer {
        try await sharedServer.server()
    }

    private static let sharedServer = SharedServer()

    private actor SharedServer {
        private var started: PostgresServer?

        func server() throws -> PostgresServer {
            if let started { return started }
            let server = try PostgresServer.start()
            started = server
            processServer = server
            atexit { processServer?.stop() }
            return server
        }
    }

    private init(directory: String, environment: SlapdEnvironment) throws {
        self.directory = directory
        url = try environment.value("POSTGRES_URL")
        passwordFile = try environment.value("POSTGRES_PASSWORD_FILE")
        pgpassFile = try environment.value("POSTGRES_PGPASS_FILE")
        caFile = try environment.value("POSTGRES_CA_FILE")
        guard let port = Int(try environment.value("POSTGRES_PORT")) else {
            throw SlapdError(command: [Self.scriptPath, "start"], status: 0, standardError: "printed a port that is not a number")
        }
        self.port = port
    }

    deinit {
        stop()
    }

    /// The password of `campus`.
    public func password() throws -> String {
        try String(contentsOfFile: passwordFile, encoding: .utf8)
    }

    /// Makes a new, empty database owned by `campus` and returns its name: each test its own.
    public func createDatabase() throws -> String {
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try psql("CREATE DATABASE \(name) OWNER campus")
        return name
    }

    /// The server's version, as it reports it (`SHOW server_version`: "15.18 (Debian 15.18-0+deb12u1)").
    public func version() throws -> String {
        try psql("SHOW server_version").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `sql` as `campus` in `database`, returning what psql prints (unaligned, tuples only).
    @discardableResult
    public func psql(_ sql: String, database: String = "campus") throws -> String {
        try HarnessCommand(
            arguments: ["psql", "-X", "-q", "-A", "-t", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", String(port), "-U", "campus",
                        "-d", database, "-f", "-"],
            environment: ["PGPASSFILE": pgpassFile, "PGSSLMODE": "disable"]
        ).run(input: sql)
    }

    /// Stops the server (a fast shutdown, then SIGKILL after about 10 s) and removes its directory; harmless twice.
    public func stop() {
        HarnessScript(path: Self.scriptPath).stop(directory)
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick, released at once).
    public static func unusedPort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw SlapdError(command: ["socket"], status: errno, standardError: "cannot make a socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(socket, socketAddress, length) == 0 && getsockname(socket, socketAddress, &length) == 0
            }
        }
        guard bound else { throw SlapdError(command: ["bind"], status: errno, standardError: "cannot bind 127.0.0.1:0") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// `<repository>/scripts/postgres`.
    public static var scriptPath: String {
        SlapdServer.repositoryRoot + "/scripts/postgres"
    }
}
