#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What failed log-ins are counted by: the username tried, and the client's address,
/// so that neither one person's account nor one client can be hammered.
public enum LoginAttemptKey: Hashable, Codable, Sendable {
    case username(String)
    case address(String)

    /// The kind, as stored.
    public var kind: String {
        switch self {
        case .username: "username"
        case .address: "address"
        }
    }

    /// The value, as stored (usernames lower-cased).
    public var value: String {
        switch self {
        case .username(let name): name.lowercased()
        case .address(let address): address
        }
    }
}
