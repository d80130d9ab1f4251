import CampusCore
import Foundation
import Yams

/// Who may see what: a YAML file under `policies/` mapping each ``PolicyRule`` to the
/// principals it allows. Two ship: `ferpa-strict` (the default) and `reg-sched-compatible`.
///
/// ```yaml
/// name: ferpa-strict
/// summary: Directory information to members; education records to those with a legitimate educational interest.
/// rules:
///   directory: [member]
///   schedule: [self, advisor, instructor, registrar]
/// ```
///
/// A rule left out allows nobody. A name that is not a keyword (``Principal``) is a role
/// the configuration gives by username (`registrar`).
public struct Policy: Sendable {
    public var name: String
    public var summary: String
    let rules: [PolicyRule: [Principal]]

    public init(name: String, summary: String, rules: [PolicyRule: [Principal]]) {
        self.name = name
        self.summary = summary
        self.rules = rules
    }

    /// Who `rule` allows, as the file lists them.
    public func allowed(_ rule: PolicyRule) -> [Principal] {
        rules[rule] ?? []
    }

    /// Every role the rules name.
    public var roles: Set<String> {
        Set(rules.values.flatMap { $0 }.compactMap { if case .role(let name) = $0 { name } else { nil } })
    }

    /// The grant under which `caller` may see what `rule` covers, given their relations to it;
    /// `nil` when the rule does not allow them. Being the subject counts first; the operator
    /// is allowed every rule.
    public func grant(_ rule: PolicyRule, to caller: Caller, relations: Relations = .none) -> PolicyGrant? {
        if caller.isOperator { return PolicyGrant(policy: name, rule: rule, principal: .operator) }
        let principals = allowed(rule)
        let ordered = principals.filter { $0 == .self } + principals.filter { $0 != .self }
        guard let principal = ordered.first(where: { holds($0, caller, relations) }) else { return nil }
        return PolicyGrant(policy: name, rule: rule, principal: principal)
    }

    /// ``grant(_:to:relations:)``, or the error naming the rule when there is none.
    ///
    /// - Parameter subject: what was asked about, for the message (`the schedule of quinna`).
    public func require(_ rule: PolicyRule, caller: Caller, relations: Relations = .none, subject: String) throws(CampusError) -> PolicyGrant {
        if let grant = grant(rule, to: caller, relations: relations) { return grant }
        guard caller.isMember else { throw .unauthenticated }
        throw .forbidden(policy: name, rule: rule.rawValue, covers: rule.covers, allowed: allowed(rule).map(\.description), subject: subject)
    }

    private func holds(_ principal: Principal, _ caller: Caller, _ relations: Relations) -> Bool {
        switch principal {
        case .anonymous: true
        case .member: caller.isMember
        case .student: caller.isMember && caller.affiliation == .student
        case .faculty: caller.isMember && caller.affiliation == .faculty
        case .staff: caller.isMember && caller.affiliation == .staff
        case .self: caller.isMember && relations.isSelf
        case .advisor: caller.isMember && relations.isAdvisor
        case .instructor: caller.isMember && relations.isInstructor
        case .enrolled: caller.isMember && relations.isEnrolled
        case .consent: caller.isMember && relations.isConsented
        case .role(let name): caller.isMember && caller.roles.contains(name)
        case .operator: caller.isOperator
        }
    }
}

extension Policy {
    /// Reads a policy file; every problem names the file and the key.
    public static func load(from url: URL) throws(CampusError) -> Policy {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .badPolicy(path: url.path, detail: "cannot read it: \(error.localizedDescription)")
        }
        let document: Any?
        do {
            document = try Yams.load(yaml: text)
        } catch {
            throw .badPolicy(path: url.path, detail: "not YAML: \(error)")
        }
        guard let top = document as? [String: Any] else { throw .badPolicy(path: url.path, detail: "expected keys name, summary and rules") }
        if let unknown = top.keys.filter({ !["name", "summary", "rules"].contains($0) }).sorted().first {
            throw .badPolicy(path: url.path, detail: "unknown key '\(unknown)' (known: name, summary, rules)")
        }
        guard let name = top["name"] as? String, !name.isEmpty else { throw .badPolicy(path: url.path, detail: "name: give the policy's name") }
        guard let rawRules = top["rules"] as? [String: Any] else { throw .badPolicy(path: url.path, detail: "rules: give each rule's list of who it allows") }
        var rules: [PolicyRule: [Principal]] = [:]
        for (key, value) in rawRules {
            guard let rule = PolicyRule(rawValue: key) else {
                throw .badPolicy(path: url.path, detail: "rules.\(key) is not a rule (rules: \(PolicyRule.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard let names = value as? [String] else {
                throw .badPolicy(path: url.path, detail: "rules.\(key): expected a list such as [member] or [self, registrar]")
            }
            rules[rule] = names.map(Principal.init)
            if rule != .schedule, rules[rule]?.contains(.consent) == true {
                throw .badPolicy(path: url.path, detail: "rules.\(key): consent opens a student's schedule only; name it under rules.schedule")
            }
        }
        return Policy(name: name, summary: top["summary"] as? String ?? "", rules: rules)
    }
}
