internal import CLDAP
import Foundation

/// Distinguished names (RFC 4514), escaped and parsed by libldap.
///
/// Every value that enters a DN in the project goes through ``escapeValue(_:)``:
///
/// ```swift
/// "uid=\(DistinguishedName.escapeValue("o'brien, k")),ou=People,dc=rose-hulman,dc=edu"
/// DistinguishedName.firstValue(of: "uid", in: "uid=valer,ou=People,dc=rose-hulman,dc=edu") // "valer"
/// ```
public enum DistinguishedName {
    /// One attribute-value assertion of a relative DN.
    public typealias Pair = (attribute: String, value: String)

    /// `value` escaped as an attribute value of a DN (RFC 4514), by having
    /// libldap print a one-value DN in LDAPv3 form (`ldap_dn2bv`).
    public static func escapeValue(_ value: String) -> String {
        let attribute = Array("x".utf8)
        let printed = withBerval(attribute) { name in
            withBerval(value.utf8) { text in
                var ava = LDAPAVA(la_attr: name, la_value: text, la_flags: UInt32(LDAP_AVA_STRING), la_private: nil)
                return withUnsafeMutablePointer(to: &ava) { avaPointer in
                    var rdn: [UnsafeMutablePointer<LDAPAVA>?] = [avaPointer, nil]
                    return rdn.withUnsafeMutableBufferPointer { rdnBuffer in
                        var dn: [LDAPRDN?] = [rdnBuffer.baseAddress, nil]
                        return dn.withUnsafeMutableBufferPointer { dnBuffer in
                            var output = berval()
                            guard ldap_dn2bv(dnBuffer.baseAddress, &output, UInt32(LDAP_DN_FORMAT_LDAPV3)) == LDAP_SUCCESS else {
                                preconditionFailure("libldap could not print a one-value DN")
                            }
                            defer { ber_memfree(output.bv_val) }
                            return String(decoding: Data(berval: output), as: UTF8.self)
                        }
                    }
                }
            }
        }
        return String(printed.dropFirst(attribute.count + 1))
    }

    /// The relative DNs of `dn`, most specific first, each a list of
    /// attribute-value pairs with the values unescaped (`ldap_bv2dn`).
    public static func parse(_ dn: String) throws -> [[Pair]] {
        try withBerval(dn.utf8) { input in
            var parsed: LDAPDN?
            guard ldap_bv2dn(&input, &parsed, UInt32(LDAP_DN_FORMAT_LDAPV3)) == LDAP_SUCCESS else {
                throw DirectoryError.invalidDN(dn)
            }
            defer { ldap_dnfree(parsed) }
            return relativeNames(of: parsed)
        }
    }

    /// The value of the first `attribute` (any case) in `dn`, e.g. the `uid`
    /// of `uid=valer,ou=People,dc=rose-hulman,dc=edu`; `nil` when `dn` lacks
    /// it or is not a valid DN.
    public static func firstValue(of attribute: String, in dn: String) -> String? {
        guard let names = try? parse(dn) else { return nil }
        let wanted = attribute.lowercased()
        return names.joined().first { $0.attribute.lowercased() == wanted }?.value
    }

    /// Whether two DNs name the same entry: their attribute types and values compared
    /// without case, whatever spaces or escapes each was written with. DNs that do not parse
    /// are compared as written, without case.
    public static func same(_ first: String, _ second: String) -> Bool {
        guard let one = try? parse(first), let other = try? parse(second) else { return first.lowercased() == second.lowercased() }
        func folded(_ names: [[Pair]]) -> [[String]] {
            names.map { $0.map { "\($0.attribute.lowercased())=\($0.value.lowercased())" } }
        }
        return folded(one) == folded(other)
    }

    private static func relativeNames(of dn: LDAPDN?) -> [[Pair]] {
        var names: [[Pair]] = []
        var rdnIndex = 0
        while let rdn = dn?[rdnIndex] {
            var pairs: [Pair] = []
            var avaIndex = 0
            while let ava = rdn[avaIndex] {
                pairs.append((attribute: String(decoding: Data(berval: ava.pointee.la_attr), as: UTF8.self),
                              value: String(decoding: Data(berval: ava.pointee.la_value), as: UTF8.self)))
                avaIndex += 1
            }
            names.append(pairs)
            rdnIndex += 1
        }
        return names
    }
}
