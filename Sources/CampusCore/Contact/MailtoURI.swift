/// A `mailto:` URI (RFC 6068): addresses, and optionally blind copies, a subject and body.
///
/// ```swift
/// MailtoURI(to: ["valer@rose-hulman.edu"], subject: "Office hours").description
/// // "mailto:valer@rose-hulman.edu?subject=Office%20hours"
/// ```
public struct MailtoURI: CustomStringConvertible, Hashable, Sendable {
    public var to: [String]
    /// Blind copies: a whole class written to without showing each student the others' addresses.
    public var bcc: [String]
    public var subject: String?
    public var body: String?

    public init(to: [String], bcc: [String] = [], subject: String? = nil, body: String? = nil) {
        self.to = to
        self.bcc = bcc
        self.subject = subject
        self.body = body
    }

    /// A single address's URI; `nil` when `address` is not one plain address (``isAddress(_:)``).
    public static func single(_ address: String) -> MailtoURI? {
        isAddress(address) ? MailtoURI(to: [address]) : nil
    }

    /// The URI, every address in it a plain one: an address that is not (``isAddress(_:)``) is
    /// left out, never written encoded, since a mail program decodes it and reads it again.
    public var description: String {
        let addresses = to.filter(Self.isAddress).map { Self.encode($0, keeping: Self.addressCharacters) }.joined(separator: ",")
        let copies = bcc.filter(Self.isAddress)
        var fields: [String] = []
        if !copies.isEmpty { fields.append("bcc=" + copies.map { Self.encode($0, keeping: Self.copyCharacters) }.joined(separator: ",")) }
        if let subject { fields.append("subject=" + Self.encode(subject, keeping: Self.textCharacters)) }
        if let body { fields.append("body=" + Self.encode(Self.crlf(body), keeping: Self.textCharacters)) }
        return "mailto:" + addresses + (fields.isEmpty ? "" : "?" + fields.joined(separator: "&"))
    }

    /// Whether `text` is one plain e-mail address (`name@host.example`): one `@` between a
    /// local part and a domain, no white space, control characters, quotes, brackets or list
    /// separators (a line break in an address would start a header of its own in a mail
    /// program), and none of the characters a URI's query or escapes are made of (`?`, `&`, `=`,
    /// `%`, `#`): a mail program reads `a@b?bcc=c%40d` as more than one recipient. Printable
    /// ASCII only, as the mailer takes: a blank or a look-alike (`＠`, `，`, U+2800) would show
    /// one address and send to another.
    public static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, text.utf8.count <= 254 else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value < 0x7F && !"\"(),:;<>[\\]?&=%#".unicodeScalars.contains(scalar)
        }
    }

    /// RFC 3986 unreserved characters: never encoded.
    private static let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
    /// In an address RFC 6068 also keeps `@` and some sub-delimiters literal; not `;`, which
    /// Outlook and others read as between two recipients.
    private static let addressCharacters = KeptBytes(unreserved + "@!$'()*+:")
    /// A blind copy's address keeps `@` literal.
    private static let copyCharacters = KeptBytes(unreserved + "@")
    /// A subject's and a body's text.
    private static let textCharacters = KeptBytes(unreserved)

    /// Line breaks in a body are CRLF in a `mailto:` URI.
    private static func crlf(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? String($0.dropLast()) : String($0) }
            .joined(separator: "\r\n")
    }

    /// `text` with every byte `allowed` does not keep written `%XX`. A class's blind copies are
    /// hundreds of bytes on every roster page: one pass over the bytes, a table look-up each.
    private static func encode(_ text: String, keeping allowed: KeptBytes) -> String {
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if allowed.keeps(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The bytes a part of the URI keeps as they are, as a table of all 256.
    private struct KeptBytes: Sendable {
        private let kept: [Bool]

        init(_ characters: String) {
            var kept = [Bool](repeating: false, count: 256)
            for byte in characters.utf8 { kept[Int(byte)] = true }
            self.kept = kept
        }

        func keeps(_ byte: UInt8) -> Bool { kept[Int(byte)] }
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    public func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
