#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The network a client address stands for in the log-in throttle: an IPv4 address itself,
/// an IPv6 address by its /64 (the block one host or home is given, so stepping through it
/// is one client), an IPv4-mapped IPv6 address as the IPv4 address, each in one spelling
/// however it was written. Text that is no address stays as it is.
///
/// ```swift
/// ThrottledNetwork("2001:0db8:0001:0002::000a").key   // "2001:db8:1:2::/64"
/// ThrottledNetwork("::ffff:10.0.0.66").key            // "10.0.0.66"
/// ```
public struct ThrottledNetwork: Hashable, Sendable {
    /// What the throttle counts failures by.
    public let key: String

    public init(_ address: String) {
        let text = address.trimmingCharacters(in: .whitespaces).lowercased()
        if let groups = Self.ipv6Groups(text) {
            if groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF {
                key = "\(groups[6] >> 8).\(groups[6] & 0xFF).\(groups[7] >> 8).\(groups[7] & 0xFF)"
            } else {
                key = groups[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
            }
        } else {
            key = text
        }
    }

    /// The eight 16-bit groups of an IPv6 address (`::` and a trailing dotted IPv4 part allowed).
    static func ipv6Groups(_ text: String) -> [UInt16]? {
        guard text.contains(":"), text.count <= 45 else { return nil }
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var result: [UInt16] = []
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            for (index, piece) in pieces.enumerated() {
                if index == pieces.count - 1, piece.contains(".") {
                    let octets = piece.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
                    guard octets.count == 4 else { return nil }
                    result += [UInt16(octets[0]) << 8 | UInt16(octets[1]), UInt16(octets[2]) << 8 | UInt16(octets[3])]
                } else {
                    guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                    result.append(value)
                }
            }
            return result
        }
        guard let head = groups(halves[0]) else { return nil }
        if halves.count == 1 { return head.count == 8 ? head : nil }
        guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
        return head + [UInt16](repeating: 0, count: 8 - head.count - tail.count) + tail
    }
}
