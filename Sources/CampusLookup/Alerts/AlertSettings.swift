/// The `alerts:` section of the settings file: e-mail people when their classes change. Off
/// unless `from` and a way to send (`smtp:` or `sendmail:`) are set.
///
/// ```yaml
/// alerts:
///   from: "Campus Lookup <campus@example.edu>"
///   smtp:
///     host: smtp.example.edu
///     port: 587
///     starttls: required        # required | off (port 465: tls: true)
///     username: campus-alerts
///     password-file: /etc/campus/smtp-password
///     # ca-file: /etc/ssl/certs/campus-ca.pem   # a certificate authority of the campus's own
///   # sendmail: /usr/sbin/sendmail              # instead of smtp:
///   digest-hour: 7              # the hour (campus time) daily digests go out
///   retention-days: 400         # how long the change log keeps what refreshes found
///   check-seconds: 60           # how often campus serve looks for changes to send
/// ```
/// The password itself is never stored here: only where to read it. Unsubscribe links point at
/// `server.public-url`, which alerts therefore need.
public struct AlertSettings: Codable, Sendable, Equatable {
    /// How to reach the campus's mail submission service.
    public struct SMTPSettings: Codable, Sendable, Equatable {
        public var host: String?
        public var port: Int?
        public var starttls: String?
        public var tls: Bool?
        public var username: String?
        public var passwordFile: String?
        public var caFile: String?

        public init(
            host: String? = nil, port: Int? = nil, starttls: String? = nil, tls: Bool? = nil, username: String? = nil,
            passwordFile: String? = nil, caFile: String? = nil
        ) {
            self.host = host
            self.port = port
            self.starttls = starttls
            self.tls = tls
            self.username = username
            self.passwordFile = passwordFile
            self.caFile = caFile
        }

        enum CodingKeys: String, CodingKey, CaseIterable {
            case host, port, starttls, tls, username
            case passwordFile = "password-file"
            case caFile = "ca-file"
        }
    }

    public var from: String?
    public var smtp: SMTPSettings?
    public var sendmail: String?
    public var digestHour: Int?
    public var retentionDays: Int?
    public var checkSeconds: Double?

    public init(
        from: String? = nil, smtp: SMTPSettings? = nil, sendmail: String? = nil, digestHour: Int? = nil,
        retentionDays: Int? = nil, checkSeconds: Double? = nil
    ) {
        self.from = from
        self.smtp = smtp
        self.sendmail = sendmail
        self.digestHour = digestHour
        self.retentionDays = retentionDays
        self.checkSeconds = checkSeconds
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case from, smtp, sendmail
        case digestHour = "digest-hour"
        case retentionDays = "retention-days"
        case checkSeconds = "check-seconds"
    }

    /// Whether anything turns alerts on.
    public var isConfigured: Bool { from != nil || smtp != nil || sendmail != nil }

    /// How long the change log keeps what refreshes found: 400 days unless set.
    public var retention: Double { Double(retentionDays ?? 400) * 86_400 }
}
