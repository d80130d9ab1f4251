import Foundation

/// One directory entry as the server (or an LDIF file) sent it: a DN and its
/// attribute values, as bytes.
///
/// Attribute names are kept lower-cased, with options such as `;binary`
/// dropped, so `jpegPhoto`, `JPEGPHOTO` and `jpegPhoto;binary` are one key.
/// Text attributes are read with ``text(_:)``; binary ones (`jpegPhoto`,
/// `objectGUID`) with ``values(_:)`` and stay bytes.
///
/// ```swift
/// let entry = DirectoryEntry(dn: "uid=valer,ou=People,dc=rose-hulman,dc=edu",
///                            attributes: ["uid": [Data("valer".utf8)]])
/// entry.text("UID") // "valer"
/// ```
public struct DirectoryEntry: Hashable, Sendable {
    /// The entry's distinguished name, as the server printed it.
    public var dn: String
    /// Values by lower-cased attribute name, in the order the server sent them.
    public private(set) var attributes: [String: [Data]]

    /// An entry with `attributes`; their names are normalised as described above.
    public init(dn: String, attributes: [String: [Data]] = [:]) {
        self.dn = dn
        self.attributes = [:]
        for (name, values) in attributes {
            self.attributes[Self.key(name), default: []].append(contentsOf: values)
        }
    }

    /// Adds `values` to the attribute `name`.
    public mutating func append(_ values: [Data], to name: String) {
        attributes[Self.key(name), default: []].append(contentsOf: values)
    }

    /// Every value of `name`, as bytes; empty when the entry lacks it.
    public func values(_ name: String) -> [Data] {
        attributes[Self.key(name)] ?? []
    }

    /// Every value of `name` that is valid UTF-8 text.
    public func texts(_ name: String) -> [String] {
        values(name).compactMap(Self.decode)
    }

    /// The first value of `name` as UTF-8 text, trimmed; `nil` when missing, blank or not text.
    public func text(_ name: String) -> String? {
        text(forKey: Self.key(name))
    }

    /// ``text(_:)`` for a key already normalised with ``key(_:)`` (profiles keep theirs).
    func text(forKey key: String) -> String? {
        for value in attributes[key] ?? [] {
            guard let text = Self.decode(value) else { continue }
            let trimmed = Self.trimmed(text)
            if !trimmed.isEmpty { return trimmed }
        }
        return nil
    }

    /// Every text value of the attribute with normalised key `key`, trimmed and lower-cased,
    /// for comparing with a profile's values (`Student`, ` suppress`).
    func comparableTexts(forKey key: String) -> [String] {
        (attributes[key] ?? []).compactMap(Self.decode).map { Self.trimmed($0).lowercased() }
    }

    /// The value as UTF-8 text; nil when it is not valid UTF-8.
    private static func decode(_ value: Data) -> String? {
        String(validating: value, as: UTF8.self)
    }

    /// `text` without leading and trailing white space; the common untrimmed case costs two checks.
    private static func trimmed(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
              first.properties.isWhitespace || last.properties.isWhitespace else { return text }
        let scalars = text.unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[start...end])
    }

    /// The attribute key for `name`: lower-cased, options dropped.
    ///
    /// Attribute names are ASCII (RFC 4512), so the common case is one pass over the bytes.
    static func key(_ name: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            if byte == UInt8(ascii: ";") { break }
            guard byte < 0x80 else {
                let base = name.split(separator: ";", maxSplits: 1).first.map(String.init) ?? name
                return base.lowercased()
            }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
