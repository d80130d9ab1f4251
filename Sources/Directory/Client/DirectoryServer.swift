internal import CLDAP
import Foundation

/// Where the directory server is and how to talk to it: URL, TLS, time-outs.
///
/// ```swift
/// let server = try DirectoryServer(url: "ldap://ldap.rose-hulman.edu",
///                                  tls: .startTLS(required: true),
///                                  caFile: "/etc/campus/ldap-ca.pem")
/// ```
///
/// Certificates are verified by default (`LDAP_OPT_X_TLS_DEMAND`: signed by
/// the CA and matching the host name); referrals are never chased, only
/// reported; the protocol is LDAPv3.
public struct DirectoryServer: Sendable, Hashable {
    /// How TLS is used on an `ldap://` URL (`ldaps://` is always TLS).
    public enum TLSMode: Sendable, Hashable {
        /// No StartTLS: plain LDAP on `ldap://`, TLS from the start on `ldaps://`.
        case none
        /// StartTLS after connecting. When not `required`, a server that
        /// refuses StartTLS is used in plain text, with a warning in the log.
        case startTLS(required: Bool)
    }

    /// The server URL: `ldap://host[:port]`, `ldaps://host[:port]` or `ldapi://path`.
    public let url: String
    /// The host name in ``url`` (the socket path for `ldapi://`).
    public let host: String
    /// StartTLS or not.
    public var tls: TLSMode
    /// A PEM file of CA certificates to trust; `nil` uses the system's.
    public var caFile: String?
    /// Whether the server's certificate must be signed by a trusted CA and
    /// match the host name. Leave it on outside tests.
    public var verifyCertificate: Bool
    /// How long to wait for the TCP (and TLS) connection (`LDAP_OPT_NETWORK_TIMEOUT`).
    public var connectTimeout: Duration
    /// How long to wait for each answer from the server (`LDAP_OPT_TIMEOUT`,
    /// and each page of a search), so that a dead server is noticed.
    public var operationTimeout: Duration
    /// Whether a password may be sent without TLS to a host other than this
    /// machine. Off by default: such a bind is refused
    /// (``DirectoryError/cleartextBind(url:)``).
    public var allowsCleartext: Bool = false

    /// Whether the host is this machine (`localhost`, `127.x.x.x`, `::1`, or an `ldapi://` socket),
    /// where a password sent without TLS never crosses a network.
    public var isLoopback: Bool {
        url.lowercased().hasPrefix("ldapi://") || host.isEmpty || host.lowercased() == "localhost"
            || host.hasPrefix("127.") || host == "::1" || host == "[::1]"
    }

    /// A server at `url`.
    ///
    /// - Throws: ``DirectoryError/invalidURL(_:detail:)`` for a scheme other
    ///   than `ldap`, `ldaps` or `ldapi`, a URL libldap cannot parse, or
    ///   StartTLS asked for on a URL that is not `ldap://`.
    public init(url: String, tls: TLSMode = .none, caFile: String? = nil, verifyCertificate: Bool = true,
                connectTimeout: Duration = .seconds(5), operationTimeout: Duration = .seconds(30)) throws {
        let scheme = url.split(separator: ":", maxSplits: 1).first.map { $0.lowercased() } ?? ""
        guard url.contains("://"), ["ldap", "ldaps", "ldapi"].contains(scheme) else {
            throw DirectoryError.invalidURL(url, detail: "it must start with ldap://, ldaps:// or ldapi://")
        }
        if case .startTLS = tls, scheme != "ldap" {
            throw DirectoryError.invalidURL(url, detail: "StartTLS is for ldap:// URLs; \(scheme):// does not use it")
        }
        var description: UnsafeMutablePointer<LDAPURLDesc>?
        guard ldap_url_parse(url, &description) == LDAP_URL_SUCCESS, let description else {
            throw DirectoryError.invalidURL(url, detail: "libldap cannot parse it")
        }
        defer { ldap_free_urldesc(description) }
        self.url = url
        self.host = description.pointee.lud_host.map { String(cString: $0) } ?? ""
        self.tls = tls
        self.caFile = caFile
        self.verifyCertificate = verifyCertificate
        self.connectTimeout = connectTimeout
        self.operationTimeout = operationTimeout
    }
}

extension Duration {
    /// This duration as a `timeval`, for libldap.
    var timeValue: timeval {
        let (seconds, attoseconds) = components
        return timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
    }
}
