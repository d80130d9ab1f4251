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
        values(name).compactMap { String(data: $0, encoding: .utf8) }
    }

    /// The first value of `name` as UTF-8 text, trimmed; `nil` when missing, blank or not text.
    public func text(_ name: String) -> String? {
        texts(name).lazy
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .first { !$0.isEmpty }
    }

    /// The attribute key for `name`: lower-cased, options dropped.
    static func key(_ name: String) -> String {
        let base = name.split(separator: ";", maxSplits: 1).first.map(String.init) ?? name
        return base.lowercased()
    }
}
