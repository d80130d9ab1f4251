internal import CLDAP
import Foundation

/// Search filters (RFC 4515) as strings, with every value escaped.
///
/// Every value that enters a filter in the project goes through ``escape(_:)``
/// or one of the builders, which call it:
///
/// ```swift
/// LDAPFilter.and([LDAPFilter.equals("objectClass", "person"),
///                 LDAPFilter.equals("uid", "valer)(uid=*")])
/// // "(&(objectClass=person)(uid=valer\29\28uid=\2a))"
/// ```
public enum LDAPFilter {
    /// `value` escaped for use as an assertion value in a filter (RFC 4515):
    /// `*`, `(`, `)`, `\` and NUL become `\2a`, `\28`, `\29`, `\5c`, `\00`,
    /// through libldap's `ldap_bv2escaped_filter_value`.
    public static func escape(_ value: String) -> String {
        guard !value.isEmpty else { return "" }
        return withBerval(value.utf8) { input in
            var output = berval()
            guard ldap_bv2escaped_filter_value(&input, &output) == LDAP_SUCCESS else {
                preconditionFailure("libldap could not allocate an escaped filter value")
            }
            defer { ber_memfree(output.bv_val) }
            return String(decoding: Data(berval: output), as: UTF8.self)
        }
    }

    /// `(attribute=value)`, the value escaped.
    public static func equals(_ attribute: String, _ value: String) -> String {
        "(\(attribute)=\(escape(value)))"
    }

    /// `(attribute>=value)`, the value escaped.
    public static func greaterOrEqual(_ attribute: String, _ value: String) -> String {
        "(\(attribute)>=\(escape(value)))"
    }

    /// `(attribute=*)`: the entry has the attribute.
    public static func present(_ attribute: String) -> String {
        "(\(attribute)=*)"
    }

    /// `(&f1f2…)`: every filter matches.
    public static func and(_ filters: [String]) -> String {
        "(&\(filters.joined()))"
    }

    /// `(|f1f2…)`: any filter matches.
    public static func or(_ filters: [String]) -> String {
        "(|\(filters.joined()))"
    }

    /// `(!filter)`: the filter does not match.
    public static func not(_ filter: String) -> String {
        "(!\(filter))"
    }
}
