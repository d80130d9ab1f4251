internal import CLDAP
import Foundation

/// One page of a paged search as the server sent it: entries, search
/// references, the result code and the cookie for the next page.
struct SearchPage {
    var entries: [DirectoryEntry] = []
    /// URLs from search references and from a referral result.
    var referrals: [String] = []
    var resultCode: Int32 = LDAP_OTHER
    /// The server's diagnostic message, if it sent one.
    var message: String?
    /// The paged-results cookie; empty when this was the last page.
    var cookie = Data()

    /// Reads every message of the result chain `chain` (from `ldap_result` with `LDAP_MSG_ALL`).
    init(ld: OpaquePointer, chain: OpaquePointer) {
        var message = ldap_first_message(ld, chain)
        while let current = message {
            switch ldap_msgtype(current) {
            case campus_ldap_res_search_entry(): entries.append(Self.entry(ld: ld, message: current))
            case campus_ldap_res_search_reference(): referrals += Self.references(ld: ld, message: current)
            case campus_ldap_res_search_result(): readResult(ld: ld, message: current)
            default: break
            }
            message = ldap_next_message(ld, current)
        }
    }

    /// One entry; values read with `ldap_get_values_len`, so bytes stay bytes.
    private static func entry(ld: OpaquePointer, message: OpaquePointer) -> DirectoryEntry {
        var entry = DirectoryEntry(dn: takeLDAPString(ldap_get_dn(ld, message)) ?? "")
        var position: OpaquePointer?
        var attribute = ldap_first_attribute(ld, message, &position)
        while let name = attribute {
            if let values = ldap_get_values_len(ld, message, name) {
                var index = 0
                var data: [Data] = []
                while let value = values[index] {
                    data.append(Data(berval: value.pointee))
                    index += 1
                }
                ldap_value_free_len(values)
                entry.append(data, to: String(cString: name))
            }
            ldap_memfree(name)
            attribute = ldap_next_attribute(ld, message, position)
        }
        ber_free(position, 0)
        return entry
    }

    private static func references(ld: OpaquePointer, message: OpaquePointer) -> [String] {
        var urls: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        guard ldap_parse_reference(ld, message, &urls, nil, 0) == LDAP_SUCCESS else { return [] }
        return strings(taking: urls)
    }

    private mutating func readResult(ld: OpaquePointer, message: OpaquePointer) {
        var code: Int32 = LDAP_OTHER
        var diagnostic: UnsafeMutablePointer<CChar>?
        var urls: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var controls: UnsafeMutablePointer<UnsafeMutablePointer<LDAPControl>?>?
        guard ldap_parse_result(ld, message, &code, nil, &diagnostic, &urls, &controls, 0) == LDAP_SUCCESS else { return }
        resultCode = code
        self.message = takeLDAPString(diagnostic).flatMap { $0.isEmpty ? nil : $0 }
        referrals += Self.strings(taking: urls)
        defer { ldap_controls_free(controls) }
        guard let control = ldap_control_find(LDAP_CONTROL_PAGEDRESULTS, controls, nil) else { return }
        var estimate: ber_int_t = 0
        var next = berval()
        guard ldap_parse_pageresponse_control(ld, control, &estimate, &next) == LDAP_SUCCESS else { return }
        cookie = Data(berval: next)
        ber_memfree(next.bv_val)
    }

    /// The strings of a NULL-terminated array libldap allocated, which is freed.
    private static func strings(taking array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let array else { return [] }
        defer { ldap_memvfree(UnsafeMutablePointer(OpaquePointer(array))) }
        var result: [String] = []
        var index = 0
        while let string = array[index] {
            result.append(String(cString: string))
            index += 1
        }
        return result
    }
}
