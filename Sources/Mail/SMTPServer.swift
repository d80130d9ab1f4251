/// Where and how to submit mail over SMTP.
public struct SMTPServer: Sendable, Equatable {
    /// How the connection is protected.
    public enum Security: String, Sendable {
        /// Plain SMTP upgraded with STARTTLS, required: no message or password goes unprotected.
        case startTLS
        /// TLS from the first byte (port 465, "submissions").
        case tls
        /// None: only for a relay on this machine.
        case none
    }

    public var host: String
    public var port: Int
    public var security: Security
    /// Who logs in; `nil`: no log-in.
    public var username: String?
    /// The password, read from its file at start; never written anywhere.
    public var password: String?
    /// A certificate authority file to verify the server with, beside the system's.
    public var caFile: String?
    /// Seconds to wait for a connection.
    public var connectTimeout: Int
    /// Seconds one message may take in all.
    public var timeout: Int

    public init(
        host: String, port: Int, security: Security, username: String? = nil, password: String? = nil, caFile: String? = nil,
        connectTimeout: Int = 10, timeout: Int = 60
    ) {
        self.host = host
        self.port = port
        self.security = security
        self.username = username
        self.password = password
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.timeout = timeout
    }

    /// `smtp://host:port`, or `smtps://` for TLS from the start; an IPv6 host in brackets.
    var url: String {
        let host = host.contains(":") ? "[\(host)]" : host
        return "\(security == .tls ? "smtps" : "smtp")://\(host):\(port)"
    }
}
