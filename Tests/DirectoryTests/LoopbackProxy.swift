import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A TCP forwarder from a loopback address to a port on 127.0.0.1, whose
/// open connections can be cut while it keeps listening: a real lost
/// connection to a server that is still there (reconnect tests), or a server
/// reached at an address its certificate does not name (TLS tests).
final class LoopbackProxy: @unchecked Sendable {
    /// The port the proxy listens on.
    let port: UInt16
    private let targetPort: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var sockets: [Int32] = []
    private var frozen = false

    /// Listens on a free port of `listenAddress` (in 127.0.0.0/8), forwarding to `targetPort` on 127.0.0.1.
    init(targetPort: UInt16, listenAddress: UInt32 = 0x7F00_0001) throws {
        self.targetPort = targetPort
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = Self.loopback(port: 0, address: listenAddress)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 16) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        port = UInt16(bigEndian: address.sin_port)
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Cuts every connection made so far; new ones are still accepted.
    func dropConnections() {
        lock.withLock {
            sockets.forEach { shutdown($0, Int32(SHUT_RDWR)) }
        }
    }

    /// Stops passing bytes on, keeping every connection open: a server that hangs.
    func freeze() {
        lock.withLock { frozen = true }
    }

    /// Stops listening and cuts every connection.
    func stop() {
        dropConnections()
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = Self.loopback(port: targetPort)
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(server, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            guard connected else { close(client); close(server); continue }
            lock.withLock { sockets += [client, server] }
            Thread.detachNewThread { [self] in pump(from: client, to: server) }
            Thread.detachNewThread { [self] in pump(from: server, to: client) }
        }
    }

    private func pump(from source: Int32, to destination: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(source, &buffer, buffer.count)
            guard count > 0 else { break }
            if lock.withLock({ frozen }) { continue }  // swallowed: the other side waits
            guard write(destination, buffer, count) == count else { break }
        }
        shutdown(destination, Int32(SHUT_RDWR))
    }

    private static func loopback(port: UInt16, address host: UInt32 = 0x7F00_0001) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = host.bigEndian
        return address
    }
}
