#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What failed log-ins are counted by: a username tried from one client address, and the
/// client address alone, so that neither one client nor one person at one client can be
/// hammered, and nobody can lock another person out from elsewhere (``LoginThrottle``).
public enum LoginAttemptKey: Hashable, Codable, Sendable {
    case pair(username: String, address: String)
    case address(String)

    /// The kind, as stored.
    public var kind: String {
        switch self {
        case .pair: "pair"
        case .address: "address"
        }
    }

    /// The value, as stored (usernames lower-cased; a pair as `username address`).
    public var value: String {
        switch self {
        case .pair(let username, let address): username.lowercased() + " " + address
        case .address(let address): address
        }
    }
}
