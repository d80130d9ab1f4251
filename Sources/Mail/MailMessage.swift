import Foundation

/// One e-mail to one person: plain text with an HTML alternative (RFC 5322, MIME).
///
/// Every header value goes through ``HeaderText``, so nothing in a name, a subject or an extra
/// header can break a line and start a header of its own; bodies are base64, so no line of
/// theirs can end the SMTP data early.
///
/// ```swift
/// let message = MailMessage(from: from, to: to, subject: "PH235-01 moved", text: "…", html: "<p>…</p>",
///                           messageID: "alert-17@example.edu", date: .now)
/// try await transport.send(message)
/// ```
public struct MailMessage: Sendable, Equatable {
    public var from: MailAddress
    public var to: MailAddress
    public var subject: String
    public var text: String
    /// The HTML part, a whole document, its text already escaped by whoever made it.
    public var html: String
    /// The `Message-ID` without its angle brackets; the same message sent again carries the same one.
    public var messageID: String
    public var date: Date
    /// Further headers, in order: `List-Unsubscribe`, `List-Unsubscribe-Post`, `Auto-Submitted`.
    public var extraHeaders: [Header]

    /// A header name (letters, digits and hyphens) and its value.
    public struct Header: Sendable, Equatable {
        public var name: String
        public var value: String

        public init(_ name: String, _ value: String) {
            self.name = String(name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") })
            self.value = value
        }
    }

    public init(
        from: MailAddress, to: MailAddress, subject: String, text: String, html: String, messageID: String, date: Date,
        extraHeaders: [Header] = []
    ) {
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.messageID = messageID
        self.date = date
        self.extraHeaders = extraHeaders
    }

    /// The message as SMTP's DATA carries it: CRLF line ends, headers, a blank line, the MIME body.
    public var rendered: [UInt8] {
        // "=_" cannot occur in quoted-printable text: the boundary never appears in a part.
        let boundary = "=_campus-alternative"
        var lines = [
            "From: \(from.header)",
            "To: \(to.header)",
            "Subject: \(HeaderText.unstructured(subject))",
            "Date: \(Self.dateText(date))",
            "Message-ID: <\(HeaderText.visible(messageID).replacing(" ", with: ""))>",
            "MIME-Version: 1.0",
        ]
        lines += extraHeaders.map { "\($0.name): \(HeaderText.unstructured($0.value))" }
        lines += [
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
            "--\(boundary)",
        ]
        lines += Self.part("text/plain", text)
        lines.append("--\(boundary)")
        lines += Self.part("text/html", html)
        lines.append("--\(boundary)--")
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }

    private static func part(_ type: String, _ body: String) -> [String] {
        ["Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: quoted-printable", "", QuotedPrintable.encode(body)]
    }

    /// `Sat, 28 Nov 2026 06:00:00 +0000`.
    static func dateText(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
