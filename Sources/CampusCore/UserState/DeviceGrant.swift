#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A `campus login` waiting for its person (RFC 8628, the device authorization grant): the
/// command asks again and again with its device code, while the person, signed in on the web,
/// types the user code and approves or denies it. Kept in the user state, so that any replica
/// may answer either side; the device code itself is never kept, only its SHA-256.
public struct DeviceGrant: Hashable, Sendable {
    /// The SHA-256 (hex) of the device code: how the command's asking finds it.
    public var key: String
    /// The code the person types, as kept: eight letters, upper case, no dash (`BCDFGHJK`).
    public var userCode: String
    /// What the command says it is (`campus on lab-pc-12`), shown when the person is asked.
    public var client: String
    public var startedAt: Date
    /// Who approved it; `nil` while it waits, or once denied.
    public var approvedBy: String?
    /// Whether the person said no.
    public var denied: Bool
    /// When the command last asked, to tell it to slow down.
    public var polledAt: Date?

    public init(key: String, userCode: String, client: String, startedAt: Date, approvedBy: String? = nil, denied: Bool = false,
                polledAt: Date? = nil) {
        self.key = key
        self.userCode = userCode
        self.client = client
        self.startedAt = startedAt
        self.approvedBy = approvedBy
        self.denied = denied
        self.polledAt = polledAt
    }

    /// Whether the person has neither approved nor denied it yet.
    public var isWaiting: Bool { approvedBy == nil && !denied }
}
