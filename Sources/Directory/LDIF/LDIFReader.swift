internal import CLDAP
import Foundation

/// Reads directory entries from an LDIF file (RFC 2849) one record at a
/// time, through libldap (`ldif_read_record`, `ldap_parse_ldif_record`),
/// which handles folded lines, base64 (`::`) values and comments.
///
/// Content records and `changetype: add` records give entries; any other
/// change type is an error naming its line. Values stay bytes, so binary
/// attributes (`jpegPhoto`, `objectGUID`) come through intact.
///
/// ```swift
/// try LDIFReader.forEachEntry(inFile: "fixtures/directory.ldif") { entry in
///     print(entry.dn)
/// }
/// ```
///
/// A reader holds an open file: use it from one thread at a time.
public final class LDIFReader {
    /// The file name errors mention.
    public let file: String
    private let stream: UnsafeMutablePointer<LDIFFP>
    private let contents: UnsafeMutablePointer<CChar>?
    private var buffer: UnsafeMutablePointer<CChar>?
    private var bufferSize: Int32 = 0
    private var linesRead: UInt = 0
    private let rules: LDIFLineRules

    /// A reader of the LDIF file at `path`.
    ///
    /// - Parameter filesUnder: The folder whose files `attribute:< file://...` values
    ///   may be read from; by default none may.
    /// - Throws: ``DirectoryError/unreadableLDIF(file:detail:)`` when it cannot be opened.
    public init(path: String, filesUnder: URL? = nil) throws {
        LibLDAPLog.silence()
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw DirectoryError.unreadableLDIF(file: path, detail: "it is a folder")
        }
        // libldap reads a record as C text: a NUL byte would end it there without a word,
        // joining what comes before with the line after.
        if let line = Self.lineOfFirstNUL(inFile: path) {
            throw DirectoryError.malformedLDIF(
                file: path, line: line, detail: "a NUL byte, which a plain value may not hold: write such a value in base64 (attribute:: ...)")
        }
        guard let stream = ldif_open(path, "r") else {
            throw DirectoryError.unreadableLDIF(file: path, detail: String(cString: strerror(errno)))
        }
        self.file = path
        self.stream = stream
        self.contents = nil
        self.rules = LDIFLineRules(filesUnder: filesUnder)
    }

    /// A reader of LDIF held in memory; `name` stands for the file in errors.
    /// No value may be read from a file.
    public init(contents text: String, name: String) {
        LibLDAPLog.silence()
        let copy = strdup(text)
        guard let copy, let stream = ldif_open_mem(copy, strlen(copy), "r") else {
            preconditionFailure("libldap could not open LDIF held in memory")
        }
        self.file = name
        self.stream = stream
        self.contents = copy
        self.rules = LDIFLineRules(filesUnder: nil)
    }

    /// The line of the first NUL byte in the file at `path`; `nil` when it has none (or cannot be read: opening says so).
    static func lineOfFirstNUL(inFile path: String) -> Int? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var line = 1
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            if let nul = chunk.firstIndex(of: 0) {
                return line + chunk[chunk.startIndex..<nul].count { $0 == UInt8(ascii: "\n") }
            }
            line += chunk.count { $0 == UInt8(ascii: "\n") }
        }
        return nil
    }

    deinit {
        ldif_close(stream)
        ber_memfree(buffer)
        free(contents)
    }

    /// The next entry, or `nil` at the end of the file.
    ///
    /// - Throws: ``DirectoryError/malformedLDIF(file:line:detail:)`` naming the line at fault.
    public func next() throws -> DirectoryEntry? {
        guard ldif_read_record(stream, &linesRead, &buffer, &bufferSize) > 0, let buffer else { return nil }
        let text = LDIFRecordText(bytes: Array(UnsafeRawBufferPointer(start: buffer, count: strlen(buffer))),
                                  lastLineRead: Int(linesRead), endedAtEndOfFile: feof(stream.pointee.fp) != 0)
        guard let entry = try entry(in: text) else { return try next() }
        return entry
    }

    /// The entry `text` holds; `nil` for a record of only a `version:` line.
    private func entry(in text: LDIFRecordText) throws -> DirectoryEntry? {
        try text.checkStart(in: file)
        try rules.check(text, in: file)
        return try withBerval(text.bytes) { record -> DirectoryEntry? in
            var parsed = LDIFRecord()
            defer { ldap_ldif_record_done(&parsed) }
            guard ldap_parse_ldif_record(&record, UInt(text.firstLine), &parsed, "campus", UInt32(LDIF_DEFAULT_ADD | LDIF_NO_CONTROLS)) == LDAP_SUCCESS else {
                throw text.malformed(in: file)
            }
            if parsed.lr_op == 0, parsed.lr_dn.bv_len == 0 { return nil }
            guard parsed.lr_op == campus_ldap_req_add() else {
                let line = text.line(startingWith: "changetype:")
                throw DirectoryError.malformedLDIF(file: file, line: line?.number ?? text.firstLine,
                                                  detail: "only entries and changetype: add records can be read, not \(line?.text ?? "this change")")
            }
            return Self.entry(from: parsed)
        }
    }

    /// Calls `body` with each entry of the LDIF file at `path`, in order, reading as it goes.
    public static func forEachEntry(inFile path: String, filesUnder: URL? = nil,
                                    _ body: (DirectoryEntry) throws -> Void) throws {
        let reader = try LDIFReader(path: path, filesUnder: filesUnder)
        while let entry = try reader.next() { try body(entry) }
    }

    private static func entry(from record: LDIFRecord) -> DirectoryEntry {
        var entry = DirectoryEntry(dn: String(decoding: Data(berval: record.lr_dn), as: UTF8.self))
        var modIndex = 0
        while let modification = record.ldif_ops.lr_mods?[modIndex] {
            var values: [Data] = []
            var valueIndex = 0
            while let value = modification.pointee.mod_vals.modv_bvals?[valueIndex] {
                values.append(Data(berval: value.pointee))
                valueIndex += 1
            }
            entry.append(values, to: String(cString: modification.pointee.mod_type))
            modIndex += 1
        }
        return entry
    }
}
