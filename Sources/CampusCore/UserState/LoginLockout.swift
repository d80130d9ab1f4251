#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A time failed log-ins locked an account at one network (``LoginThrottle``): its owner is
/// told, by e-mail where alerts are set up, and on their list of log-ins.
public struct LoginLockout: Hashable, Sendable {
    /// Whose account, lower-cased.
    public var username: String
    /// The network the failures came from, as the throttle counts it: an IPv4 address, an IPv6 /64.
    public var network: String
    /// When the failure that locked it came.
    public var at: Date
    /// When the lock ends.
    public var until: Date

    public init(username: String, network: String, at: Date, until: Date) {
        self.username = username.lowercased()
        self.network = network
        self.at = at
        self.until = until
    }
}
