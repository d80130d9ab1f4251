import Foundation

/// An e-mail address with an optional display name: `Campus Lookup <campus@example.edu>`.
///
/// The address is checked for the form SMTP needs (one `@`, no spaces, no angle brackets, no
/// control characters), so it can be put in an envelope and a header as it is; the name may be
/// anything, and is encoded when written (``HeaderText``).
public struct MailAddress: Hashable, Sendable, CustomStringConvertible {
    public let name: String?
    /// `campus@example.edu`.
    public let address: String

    /// `address` with `name`; `nil` when the address is not one.
    public init?(name: String? = nil, address: String) {
        guard Self.isAddress(address) else { return nil }
        let name = name.map(HeaderText.visible)?.trimmingCharacters(in: .whitespaces)
        self.name = name?.isEmpty == false ? name : nil
        self.address = address
    }

    /// Reads `Name <user@host>`, `"Name" <user@host>` or `user@host`; `nil` when it is none of them.
    public init?(parsing text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        if text.hasSuffix(">"), let open = text.lastIndex(of: "<") {
            let address = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
            var name = text[..<open].trimmingCharacters(in: .whitespaces)
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") { name = String(name.dropFirst().dropLast()) }
            self.init(name: name, address: address)
        } else {
            self.init(address: text)
        }
    }

    /// The domain after the `@`.
    public var domain: String { String(address[address.index(after: address.lastIndex(of: "@")!)...]) }

    /// As a header writes it: `=?UTF-8?B?…?= <user@host>` where the name needs encoding.
    public var header: String {
        guard let name else { return address }
        return "\(HeaderText.phrase(name)) <\(address)>"
    }

    public var description: String { name.map { "\($0) <\(address)>" } ?? address }

    /// Whether `text` is `local@domain` with nothing SMTP or a header would misread.
    static func isAddress(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, text.utf8.count <= 254 else { return false }
        return text.unicodeScalars.allSatisfy { scalar in
            scalar.value > 0x20 && scalar.value < 0x7F && !"<>()[]\\,;:\"?&=%#".unicodeScalars.contains(scalar)
        }
    }
}
