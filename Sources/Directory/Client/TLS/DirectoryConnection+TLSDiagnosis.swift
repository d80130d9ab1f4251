internal import CLDAP
import Foundation

extension DirectoryConnection {
    /// The error for a failed TLS handshake, saying which check failed.
    ///
    /// libldap (over GnuTLS) reports both a certificate from an unknown CA
    /// and a host name mismatch as "(unknown error code)", so the connection
    /// is tried again without checks: if that fails too the server is
    /// unreachable or speaks no TLS; if it works, the certificate's names
    /// tell a host name problem from a CA problem.
    func tlsFailure(_ code: Int32, operation: String) -> DirectoryError {
        let original = diagnosticMessage(code: code)
        guard server.verifyCertificate else {
            return .tls(url: server.url, detail: "the TLS handshake failed: \(original)")
        }
        guard let probe = try? makeHandle(verifyCertificate: false) else {
            return .tls(url: server.url, detail: original)
        }
        defer { ldap_unbind_ext(probe, nil, nil) }
        let probeCode = if case .startTLS = server.tls { ldap_start_tls_s(probe, nil, nil) } else { ldap_connect(probe) }
        guard probeCode == LDAP_SUCCESS else {
            if probeCode == LDAP_SERVER_DOWN, operation == "connecting" {
                return .unreachable(url: server.url, detail: original)
            }
            return .tls(url: server.url, detail: "the TLS handshake failed even without certificate checks: \(original)")
        }
        var certificate = berval()
        ldap_get_option(probe, LDAP_OPT_X_TLS_PEERCERT, &certificate)
        defer { ber_memfree(certificate.bv_val) }
        return .tls(url: server.url, detail: explanation(for: CertificateNames(der: Data(berval: certificate))))
    }

    private func explanation(for names: CertificateNames) -> String {
        let checkedHost = Self.hostNameLibLDAPChecks(for: server.host)
        guard names.all.contains(where: { Self.name($0, matches: checkedHost) }) else {
            let listed = names.all.isEmpty ? "" : " (it is for \(names.all.joined(separator: ", ")))"
            var detail = "the server's certificate does not match the host name \(server.host)\(listed)"
            if checkedHost != server.host {
                detail += "; libldap checks localhost as this machine's name, \(checkedHost)"
            }
            return detail
        }
        let authority = server.caFile.map { "the CA in \($0)" } ?? "a CA this system trusts"
        return "the server's certificate is not signed by \(authority)"
    }

    /// libldap checks a certificate for `localhost` against the machine's own name.
    static func hostNameLibLDAPChecks(for host: String) -> String {
        guard host.lowercased() == "localhost" else { return host }
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return host }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether a certificate name (possibly `*.example.edu`) covers `host`.
    static func name(_ pattern: String, matches host: String) -> Bool {
        let pattern = pattern.lowercased(), host = host.lowercased()
        guard pattern.hasPrefix("*.") else { return pattern == host }
        guard let dot = host.firstIndex(of: ".") else { return false }
        return host[dot...] == pattern.dropFirst()
    }
}
