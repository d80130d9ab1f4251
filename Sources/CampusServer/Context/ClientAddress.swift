import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The client's address: the connection's peer, or, when that peer is a trusted proxy,
/// the address it names last in `X-Forwarded-For` (the one it saw), walking back past
/// other trusted proxies. Anyone else's `X-Forwarded-For` is ignored.
struct ClientAddress {
    let trustedProxies: Set<String>

    func of(_ request: Request, peer: SocketAddress?) -> String {
        let peerAddress = peer?.ipAddress ?? "unknown"
        guard trustedProxies.contains(peerAddress), let header = request.headers[values: .xForwardedFor].last else {
            return peerAddress
        }
        let hops = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for hop in hops.reversed() where !trustedProxies.contains(hop) {
            return Self.isAddress(hop) ? hop : peerAddress
        }
        return hops.first.flatMap { Self.isAddress($0) ? $0 : nil } ?? peerAddress
    }

    /// Whether `text` looks like an IPv4 or IPv6 address (no names, no ports).
    static func isAddress(_ text: String) -> Bool {
        (try? SocketAddress(ipAddress: text, port: 0)) != nil
    }
}

extension HTTPField.Name {
    static let xForwardedFor = Self("X-Forwarded-For")!
    static let xRequestID = Self("X-Request-ID")!
    static let campusVersion = Self("Campus-Version")!
}
