import CampusCore
import Foundation
internal import Mail
internal import Registrar

/// Alerts as the configuration sets them up: who they come from, how they are sent, where
/// their links point, when digests go out. Made once at start; its errors name the setting.
public struct AlertSetup: Sendable {
    let from: MailAddress
    let transport: any MailTransport
    /// `https://campus.example.edu`: unsubscribe links and the web app's pages.
    public let publicURL: String
    /// The hour (campus time, 0-23) daily digests go out.
    public let digestHour: Int
    /// How often `campus serve` looks for changes to send.
    public let checkInterval: TimeInterval
    /// `smtp://host:port` or the sendmail program, for messages to the operator (never a secret).
    public let channel: String
}

extension CampusContext {
    /// How to send alerts, from the `alerts:` settings and the server's public address; `nil`
    /// when alerts are not configured. A password file is read here, once.
    ///
    /// - Parameter publicURL: The server's public address (``ServerConfiguration/publicURL``).
    public func alertSetup(publicURL: String?) throws(CampusError) -> AlertSetup? {
        let settings = configuration.alerts
        guard settings.isConfigured else { return nil }
        let file = paths.configFile.path
        func refuse(_ setting: String, _ detail: String) -> CampusError {
            .badConfiguration(path: file, detail: "\(setting): \(detail)")
        }
        guard let fromText = settings.from else {
            throw refuse("alerts.from", "alerts need a sender, e.g. from: \"Campus Lookup <campus@example.edu>\"")
        }
        guard let from = MailAddress(parsing: fromText) else {
            throw refuse("alerts.from", "'\(HeaderText.visible(fromText))' is not an address such as \"Campus Lookup <campus@example.edu>\"")
        }
        guard let url = publicURL,
              let parsed = URL(string: url), let scheme = parsed.scheme
        else {
            throw refuse("server.public-url", "alerts link to the web app (to unsubscribe, to see a week), so they need the address "
                + "people open it at, e.g. public-url: https://campus.example.edu")
        }
        // One-click unsubscribe (RFC 8058) must be https; plain http only for a trial on this machine.
        guard scheme == "https" || (scheme == "http" && ["127.0.0.1", "localhost", "::1"].contains(parsed.host ?? "")) else {
            throw refuse("server.public-url", "'\(url)' must be an https:// address: mail programs unsubscribe only over https (RFC 8058)")
        }
        let hour = settings.digestHour ?? 7
        guard (0...23).contains(hour) else { throw refuse("alerts.digest-hour", "\(hour) is not an hour from 0 to 23") }
        if let days = settings.retentionDays, days < 1 { throw refuse("alerts.retention-days", "\(days) must be at least 1") }
        let interval = settings.checkSeconds ?? 60
        guard interval >= 1, interval <= 86_400 else { throw refuse("alerts.check-seconds", "\(interval) must be from 1 to 86400") }
        let (transport, channel) = try transport(settings, refuse: refuse)
        // Links are written below it (`/alerts`): without a trailing slash, so that none is doubled.
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        return AlertSetup(from: from, transport: transport, publicURL: base, digestHour: hour, checkInterval: interval, channel: channel)
    }

    private func transport(
        _ settings: AlertSettings, refuse: (String, String) -> CampusError
    ) throws(CampusError) -> (any MailTransport, String) {
        switch (settings.smtp, settings.sendmail) {
        case (nil, nil):
            throw refuse("alerts.smtp", "alerts need a way to send: smtp: (host, port, ...) or sendmail: /usr/sbin/sendmail")
        case (.some, .some):
            throw refuse("alerts.sendmail", "give smtp: or sendmail:, not both")
        case (nil, let path?):
            let path = paths.expandingTilde(path)
            guard path.hasPrefix("/") else { throw refuse("alerts.sendmail", "'\(path)' must be a full path, e.g. /usr/sbin/sendmail") }
            return (SendmailTransport(path: path), path)
        case (let smtp?, nil):
            let server = try smtpServer(smtp, refuse: refuse)
            return (SMTPTransport(server: server), "\(server.security == .tls ? "smtps" : "smtp")://\(server.host):\(server.port)")
        }
    }

    private func smtpServer(_ smtp: AlertSettings.SMTPSettings, refuse: (String, String) -> CampusError) throws(CampusError) -> SMTPServer {
        guard let host = smtp.host, !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" }) else {
            throw refuse("alerts.smtp.host", "the mail server's name is missing or not a host name, e.g. host: smtp.example.edu")
        }
        let security: SMTPServer.Security
        switch (smtp.tls ?? false, smtp.starttls ?? "required") {
        case (true, "required"), (true, "off"): security = .tls
        case (false, "required"): security = .startTLS
        case (false, "off"): security = .none
        case (_, let other): throw refuse("alerts.smtp.starttls", "'\(other)' is not required or off")
        }
        let port = smtp.port ?? (security == .tls ? 465 : 587)
        guard (1...65_535).contains(port) else { throw refuse("alerts.smtp.port", "\(port) is not a port from 1 to 65535") }
        var password: String?
        if let file = smtp.passwordFile {
            guard smtp.username != nil else { throw refuse("alerts.smtp.username", "a password-file needs the username it logs in as") }
            do {
                password = try CredentialSource.file(path: paths.expandingTilde(file)).read()
            } catch {
                throw refuse("alerts.smtp.password-file", "\(error)")
            }
        } else if smtp.username != nil {
            throw refuse("alerts.smtp.password-file", "a username needs the file its password is read from")
        }
        if security == .none, password != nil, !["localhost", "127.0.0.1", "::1"].contains(host) {
            throw refuse("alerts.smtp.starttls", "off would send the password unprotected to \(host); use required (or tls: true on port 465)")
        }
        if let caFile = smtp.caFile, !FileManager.default.isReadableFile(atPath: paths.expandingTilde(caFile)) {
            throw refuse("alerts.smtp.ca-file", "\(caFile) cannot be read")
        }
        return SMTPServer(
            host: host, port: port, security: security, username: smtp.username, password: password,
            caFile: smtp.caFile.map(paths.expandingTilde))
    }
}

extension AlertSetup {
    /// Connects to the mail service and logs in as sending would, without sending; a failure
    /// names the setting to look at.
    public func check() async throws(CampusError) {
        do {
            try await transport.check()
        } catch {
            throw .mail(setting: error.setting, detail: error.detail)
        }
    }
}
