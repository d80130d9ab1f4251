import Foundation

/// A throwaway nginx on loopback in front of `campus serve` replicas, started with
/// `scripts/nginx` in a fresh temporary directory, configured as docs/deploying.md shows:
/// round robin, the client's address in `X-Forwarded-For`, idempotent requests a replica
/// fails tried on the next. Call ``stop()`` when done; also stopped when the last reference goes.
public final class NginxProxy: Sendable {
    /// `http://127.0.0.1:PORT`.
    public let url: String
    /// The proxy's temporary directory.
    public let directory: String

    /// Starts nginx in front of `upstreams` (`http://127.0.0.1:PORT` each).
    public static func start(upstreams: [String]) throws -> NginxProxy {
        let started = try HarnessScript(path: scriptPath).start(prefix: "nginx", files: upstreams)
        do {
            return try NginxProxy(directory: started.folder, environment: started.printed)
        } catch {
            HarnessScript(path: scriptPath).stop(started.folder)
            throw error
        }
    }

    private init(directory: String, environment: SlapdEnvironment) throws {
        self.directory = directory
        url = try environment.value("NGINX_URL")
    }

    deinit {
        stop()
    }

    /// Stops nginx gracefully and removes its directory; harmless twice.
    public func stop() {
        HarnessScript(path: Self.scriptPath).stop(directory)
    }

    /// `<repository>/scripts/nginx`.
    public static var scriptPath: String {
        SlapdServer.repositoryRoot + "/scripts/nginx"
    }
}
