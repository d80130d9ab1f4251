import Foundation

/// What a line of an entry may be, checked before libldap parses a record:
/// RFC 2849's `attribute: value`, `attribute:: base64` and `attribute:< URL`,
/// with attribute names of letters, digits and hyphens (or an OID) and
/// `;options`. libldap trusts its input further than a file from elsewhere
/// deserves (a lone `-` line crashes `ldap_parse_ldif_record`, and a `:<` URL
/// makes it read any local file into the entry), so nothing reaches it that
/// these rules refuse.
struct LDIFLineRules {
    /// The folder whose files `attribute:< file://...` values may be read from;
    /// `nil` refuses every such value.
    let filesUnder: URL?

    /// Throws the first line of `record` that breaks the rules, naming it.
    func check(_ record: LDIFRecordText, in file: String) throws {
        if let first = record.lines.first, first.text.lowercased().hasPrefix("version:"),
           first.text.dropFirst("version:".count).trimmingCharacters(in: .whitespaces) != "1" {
            throw DirectoryError.malformedLDIF(file: file, line: first.number,
                                              detail: "\"\(first.text)\" is no LDIF version this reads: RFC 2849 defines only version: 1")
        }
        if let change = record.line(startingWith: "changetype:"),
           change.text.dropFirst("changetype:".count).trimmingCharacters(in: .whitespaces).lowercased() != "add" {
            throw DirectoryError.malformedLDIF(file: file, line: change.number,
                                              detail: "only entries and changetype: add records can be read, not \(change.text)")
        }
        for line in record.lines {
            try check(line, in: file)
        }
        // libldap reads a second dn: line as an attribute of the first entry: two people would become one.
        let dnLines = record.lines.filter { $0.text.lowercased().hasPrefix("dn:") }
        if let dn = dnLines.dropFirst().first {
            throw DirectoryError.malformedLDIF(file: file, line: dn.number,
                                              detail: "a dn: line inside an entry: put an empty line before it, after the entry above")
        }
    }

    private func check(_ line: LDIFRecordText.Line, in file: String) throws {
        func refuse(_ detail: String) -> DirectoryError {
            .malformedLDIF(file: file, line: line.number, detail: detail)
        }
        let text = line.text
        if text == "-" {
            throw refuse("a \"-\" line belongs to a changetype: modify record; only entries and changetype: add records can be read")
        }
        guard let colon = text.firstIndex(of: ":") else {
            throw refuse("\"\(text)\" is not \"attribute: value\", \"attribute:: base64\" or \"attribute:< URL\"")
        }
        let name = text[..<colon]
        guard Self.isAttributeDescription(name) else {
            throw refuse("\"\(name)\" is not an attribute name (letters, digits and hyphens, starting with a letter)")
        }
        if name.lowercased() == "control" {
            throw refuse("LDAP controls (control:) cannot be read from an LDIF file of entries")
        }
        let rest = text[text.index(after: colon)...]
        if rest.hasPrefix(":") {
            let encoded = rest.dropFirst().trimmingCharacters(in: .whitespaces)
            guard Data(base64Encoded: encoded) != nil else {
                throw refuse("the value of \(name) is not valid base64")
            }
        } else if rest.hasPrefix("<") {
            try checkFileValue(String(rest.dropFirst()).trimmingCharacters(in: .whitespaces), of: String(name), line: line, in: file)
        } else if !line.isUTF8 {
            throw refuse("the value of \(name) is not UTF-8 (Latin-1, say): save the file as UTF-8, or write the value in base64 (\(name):: ...)")
        }
    }

    /// A `:<` value may only name a local file under ``filesUnder``, after symbolic links are resolved.
    private func checkFileValue(_ url: String, of name: String, line: LDIFRecordText.Line, in file: String) throws {
        guard let folder = filesUnder else {
            throw DirectoryError.ldifValueFromFile(file: file, line: line.number, attribute: name, url: url, allowedFolder: nil)
        }
        let refused = DirectoryError.ldifValueFromFile(file: file, line: line.number, attribute: name, url: url,
                                                       allowedFolder: folder.path)
        guard let parsed = URL(string: url), parsed.isFileURL, parsed.host == nil || parsed.host == "" || parsed.host == "localhost"
        else { throw refused }
        let target = parsed.standardizedFileURL.resolvingSymlinksInPath().path
        let root = folder.standardizedFileURL.resolvingSymlinksInPath().path
        guard target.hasPrefix(root.hasSuffix("/") ? root : root + "/") else { throw refused }
    }

    /// `cn`, `jpegPhoto;binary`, `2.5.4.3`: RFC 2849's AttributeDescription.
    static func isAttributeDescription(_ text: Substring) -> Bool {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        guard let type = parts.first, !type.isEmpty else { return false }
        let isName = type.first!.isASCII && type.first!.isLetter
            && type.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        let isOID = type.split(separator: ".", omittingEmptySubsequences: false)
            .allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        let optionsValid = parts.dropFirst().allSatisfy { option in
            !option.isEmpty && option.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
        return (isName || isOID) && optionsValid
    }
}
