internal import CLDAP
import Foundation

extension DirectoryConnection {
    /// LDAPv3, referrals reported but not chased, connect and operation time-outs.
    func setOptions(on ld: OpaquePointer) throws {
        var version = LDAP_VERSION3
        try set(LDAP_OPT_PROTOCOL_VERSION, &version, on: ld, name: "the protocol version")
        try set(LDAP_OPT_REFERRALS, campus_ldap_opt_off(), on: ld, name: "referral chasing")
        var connectTimeout = server.connectTimeout.timeValue
        try set(LDAP_OPT_NETWORK_TIMEOUT, &connectTimeout, on: ld, name: "the connect time-out")
        var operationTimeout = server.operationTimeout.timeValue
        try set(LDAP_OPT_TIMEOUT, &operationTimeout, on: ld, name: "the operation time-out")
    }

    /// The CA file and certificate checking, in a TLS context of this connection's own.
    func setTLSOptions(on ld: OpaquePointer, verify: Bool) throws {
        if let caFile = server.caFile {
            guard FileManager.default.isReadableFile(atPath: caFile) else {
                throw DirectoryError.tls(url: server.url, detail: "the CA file \(caFile) does not exist or cannot be read")
            }
            try set(LDAP_OPT_X_TLS_CACERTFILE, caFile, on: ld, name: "the CA file")
        }
        var requirement = verify ? LDAP_OPT_X_TLS_DEMAND : LDAP_OPT_X_TLS_NEVER
        try set(LDAP_OPT_X_TLS_REQUIRE_CERT, &requirement, on: ld, name: "certificate checking")
        var isServer: Int32 = 0
        guard ldap_set_option(ld, LDAP_OPT_X_TLS_NEWCTX, &isServer) == LDAP_OPT_SUCCESS else {
            let file = server.caFile.map { "the CA file \($0)" } ?? "the system's CA certificates"
            throw DirectoryError.tls(url: server.url, detail: "libldap cannot load \(file) (is it PEM?)")
        }
    }

    private func set(_ option: Int32, _ value: UnsafeRawPointer?, on ld: OpaquePointer, name: String) throws {
        guard ldap_set_option(ld, option, value) == LDAP_OPT_SUCCESS else {
            throw DirectoryError.operationFailed(url: server.url, operation: "setting \(name)",
                                                 code: LDAP_OPT_ERROR, message: "libldap refused the option")
        }
    }
}
