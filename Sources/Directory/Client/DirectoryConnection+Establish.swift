internal import CLDAP
import Foundation

extension DirectoryConnection {
    /// Whether this connection negotiates TLS (an `ldaps://` URL or StartTLS).
    var usesTLS: Bool {
        if case .startTLS = server.tls { return true }
        return server.url.lowercased().hasPrefix("ldaps://")
    }

    /// A fresh libldap handle for the server, with every option set.
    /// `tls` false leaves out the TLS options (the plain fallback of opportunistic StartTLS).
    func makeHandle(tls: Bool = true, verifyCertificate: Bool? = nil) throws -> OpaquePointer {
        LibLDAPLog.silence()
        var created: OpaquePointer?
        guard ldap_initialize(&created, server.url) == LDAP_SUCCESS, let ld = created else {
            throw DirectoryError.invalidURL(server.url, detail: "libldap cannot initialise a connection to it")
        }
        do {
            try setOptions(on: ld)
            if tls && usesTLS {
                try setTLSOptions(on: ld, verify: verifyCertificate ?? server.verifyCertificate)
            }
            return ld
        } catch {
            ldap_unbind_ext(ld, nil, nil)
            throw error
        }
    }

    /// Makes the connection: StartTLS when asked (falling back to plain text
    /// with a warning when StartTLS is not required), else a plain connect.
    func establish() throws {
        let ld = try openHandle(for: "connecting")
        guard case .startTLS(let required) = server.tls else {
            try check(ldap_connect(ld), operation: "connecting")
            isEncrypted = usesTLS
            return
        }
        let code = ldap_start_tls_s(ld, nil, nil)
        guard code != LDAP_SUCCESS else {
            isEncrypted = true
            return
        }
        let error: DirectoryError = switch code {
        case LDAP_SERVER_DOWN, LDAP_TIMEOUT: failure(code, operation: "connecting")
        case 1...: .tls(url: server.url, detail: "the server refused StartTLS: \(diagnosticMessage(code: code))")
        default: tlsFailure(code, operation: "StartTLS")
        }
        guard !required, !error.isConnectionLoss else { throw error }
        logger.warning("StartTLS failed; continuing without TLS", metadata: [
            "url": "\(server.url)", "reason": "\(error)",
        ])
        close()
        handle = try makeHandle(tls: false)
        try check(ldap_connect(try openHandle(for: "connecting")), operation: "connecting")
    }

    /// Throws the error for `code` unless it is success; a TLS URL's failure to connect is diagnosed as TLS.
    private func check(_ code: Int32, operation: String) throws {
        guard code != LDAP_SUCCESS else { return }
        if usesTLS && (code == LDAP_SERVER_DOWN || code == LDAP_CONNECT_ERROR) {
            throw tlsFailure(code, operation: operation)
        }
        throw failure(code, operation: operation)
    }
}
