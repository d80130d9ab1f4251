internal import CLDAP
import Foundation

/// The text of one LDIF record as `ldif_read_record` returned it, with the
/// file line each of its lines came from, to name the line at fault.
struct LDIFRecordText {
    /// One logical line (continuation lines unfolded) and the file line it starts on.
    struct Line {
        var number: Int
        var text: String
        /// Whether its bytes (continuation lines included) are UTF-8, as a plain value must be.
        var isUTF8 = true
    }

    /// The record's bytes, as read.
    let bytes: [UInt8]
    /// The file line of the record's first line.
    let firstLine: Int
    /// The record's logical lines, comments left out.
    let lines: [Line]

    /// `bytes` ends on file line `lastLineRead`; libldap counted the blank
    /// line ending the record, unless the file ended instead.
    init(bytes: [UInt8], lastLineRead: Int, endedAtEndOfFile: Bool) {
        self.bytes = bytes
        let physical = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        firstLine = lastLineRead - physical.count - (endedAtEndOfFile ? 0 : 1) + 1
        var logical: [(number: Int, bytes: [UInt8])] = []
        var inComment = false
        for (offset, raw) in physical.enumerated() {
            let content = raw.last == UInt8(ascii: "\r") ? raw.dropLast() : raw
            if content.first == UInt8(ascii: " ") {
                // Folding may split a character: the logical line's bytes are decoded whole, below.
                if !inComment, !logical.isEmpty { logical[logical.count - 1].bytes += content.dropFirst() }
                continue
            }
            inComment = content.first == UInt8(ascii: "#")
            if !inComment { logical.append((firstLine + offset, Array(content))) }
        }
        lines = logical.map { number, bytes in
            Line(number: number, text: String(decoding: bytes, as: UTF8.self), isUTF8: String(validating: bytes, as: UTF8.self) != nil)
        }
    }

    /// The first line starting with `prefix` (any case).
    func line(startingWith prefix: String) -> Line? {
        lines.first { $0.text.lowercased().hasPrefix(prefix) }
    }

    /// Throws unless the record starts with `dn:` (or is the `version:` line);
    /// libldap would skip what comes before the `dn:` line.
    func checkStart(in file: String) throws {
        guard let first = lines.first else { return }
        if first.text.hasPrefix("\u{FEFF}") {
            throw DirectoryError.malformedLDIF(file: file, line: first.number,
                                               detail: "the file begins with a byte-order mark, which LDIF does not allow: save it as UTF-8 without one")
        }
        let text = first.text.lowercased()
        guard text.hasPrefix("dn:") || text.hasPrefix("version:") else {
            throw DirectoryError.malformedLDIF(file: file, line: first.number,
                                               detail: "a record must start with a dn: line, not \"\(first.text)\"")
        }
    }

    /// The error for a record libldap would not parse: the first line libldap
    /// cannot read as `attribute: value`, else the record's first line.
    func malformed(in file: String) -> DirectoryError {
        for line in lines where !Self.parses(line.text) {
            return .malformedLDIF(file: file, line: line.number,
                                  detail: "\"\(line.text)\" is not \"attribute: value\", \"attribute:: base64\" or \"attribute:< URL\"")
        }
        return .malformedLDIF(file: file, line: firstLine, detail: "libldap cannot read this record as an entry")
    }

    /// Whether libldap's `ldif_parse_line2` reads `text` as one attribute and value.
    private static func parses(_ text: String) -> Bool {
        withBerval(text.utf8) { line in
            var type = berval(), value = berval()
            var freeValue: Int32 = 0
            guard ldif_parse_line2(line.bv_val, &type, &value, &freeValue) == 0 else { return false }
            if freeValue != 0 { ber_memfree(value.bv_val) }
            return true
        }
    }
}
