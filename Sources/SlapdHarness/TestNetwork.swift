import Foundation

/// Where replicas under test run: each in a network namespace of its own made by
/// `scripts/netns`, reaching the machine's test servers at one gateway address and nothing
/// else, as on separate machines; or, where this machine does not allow namespaces, on
/// loopback ports. Call ``stop()`` when done (after the replicas and the servers that listen
/// on ``serviceAddress``); also stopped when the last reference goes.
///
/// `CAMPUS_TEST_NETNS` chooses: `auto` (the default) uses namespaces where they can be made,
/// `off` never does, `require` fails when they cannot be made.
public final class TestNetwork: Sendable {
    /// The address at which replicas reach the test servers, and from which nginx reaches
    /// them: `169.254.X.1`, or `127.0.0.1` on loopback.
    public let serviceAddress: String
    /// What servers started for the replicas pass as their extra listen addresses: the
    /// gateway, or none on loopback.
    public let listenAddresses: [String]
    /// Each replica's address to listen on (`--host`): `169.254.X.(k+1)`, or `127.0.0.1`.
    public let replicaHosts: [String]
    /// Each replica's namespace; empty on loopback.
    public let namespaces: [String]
    /// How the replicas are placed, in words, for the test's output.
    public let description: String
    private let directory: String?

    /// A network for `replicas` replicas.
    public static func start(replicas: Int) throws -> TestNetwork {
        let choice = ProcessInfo.processInfo.environment["CAMPUS_TEST_NETNS"] ?? "auto"
        guard ["auto", "off", "require"].contains(choice) else {
            throw SlapdError(command: ["CAMPUS_TEST_NETNS=\(choice)"], status: nil, standardError: "must be auto, off or require")
        }
        if choice == "off" { return TestNetwork(loopback: replicas, because: "CAMPUS_TEST_NETNS=off") }
        let script = HarnessScript(path: scriptPath)
        do {
            let started = try script.start(prefix: "netns", files: [String(replicas)])
            do {
                return try TestNetwork(replicas: replicas, directory: started.folder, printed: started.printed)
            } catch {
                script.stop(started.folder)
                throw error
            }
        } catch let error as SlapdError where error.status == 3 && choice == "auto" {
            return TestNetwork(loopback: replicas, because: error.standardError)
        }
    }

    private init(loopback replicas: Int, because reason: String) {
        serviceAddress = "127.0.0.1"
        listenAddresses = []
        replicaHosts = Array(repeating: "127.0.0.1", count: replicas)
        namespaces = []
        description = "replicas on loopback ports (\(reason))"
        directory = nil
    }

    private init(replicas: Int, directory: String, printed: SlapdEnvironment) throws {
        self.directory = directory
        serviceAddress = try printed.value("NETNS_GATEWAY")
        listenAddresses = [serviceAddress]
        replicaHosts = try printed.value("NETNS_ADDRESSES").split(separator: " ").map(String.init)
        namespaces = try printed.value("NETNS_NAMES").split(separator: " ").map(String.init)
        description = "replicas each in a network namespace of its own (\(namespaces.joined(separator: ", "))), "
            + "the test servers at \(serviceAddress)"
        guard replicaHosts.count == replicas, namespaces.count == replicas else {
            throw SlapdError(command: [Self.scriptPath, "start"], status: 0, standardError: "printed other than \(replicas) namespaces")
        }
    }

    deinit {
        stop()
    }

    /// The executable and arguments that run `executable arguments` as replica `index`: in its
    /// namespace through `ip netns exec`, which becomes the command itself (its pid is the
    /// replica's, so a signal reaches it), or as they are on loopback.
    public func command(_ executable: String, _ arguments: [String], replica index: Int) -> (executable: String, arguments: [String]) {
        guard namespaces.indices.contains(index) else { return (executable, arguments) }
        return ("/usr/bin/env", ["ip", "netns", "exec", namespaces[index], executable] + arguments)
    }

    /// Kills whatever still runs in the namespaces and removes them; harmless twice, and on loopback.
    public func stop() {
        if let directory { HarnessScript(path: Self.scriptPath).stop(directory) }
    }

    /// `<repository>/scripts/netns`.
    public static var scriptPath: String {
        SlapdServer.repositoryRoot + "/scripts/netns"
    }
}
