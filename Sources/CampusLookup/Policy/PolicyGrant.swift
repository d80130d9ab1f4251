/// Why something was shown: the policy, its rule and the principal that held. Kept
/// with every disclosure: `ferpa-strict: schedule (advisor)`.
public struct PolicyGrant: Hashable, Sendable, CustomStringConvertible {
    public var policy: String
    public var rule: PolicyRule
    public var principal: Principal

    public var description: String { "\(policy): \(rule.rawValue) (\(principal))" }

    /// Whether it holds only because the caller is the subject (no disclosure to record).
    public var isSelf: Bool { principal == .self }
}
