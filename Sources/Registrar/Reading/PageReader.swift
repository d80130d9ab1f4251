import CampusCore

/// Reads any page of the reg-sched.pl family into a ``ParsedPage``.
///
/// The page's own content tells its kind (heading, header fields, tables,
/// title; a roster CSV by its first line) — never the file name.
///
/// ```swift
/// let reader = PageReader(definition: definition)
/// let page = try reader.read(Array(data), source: "saved/202630/Roster-CSSE474-02.html")
/// print(page.kind, page.sections.count, page.roster.count)
/// ```
public struct PageReader: Sendable {
    let definition: RegistrarDefinition

    /// A reader for pages of the registrar `definition` describes.
    public init(definition: RegistrarDefinition) {
        self.definition = definition
    }

    /// Reads one page.
    ///
    /// - Parameters:
    ///   - bytes: The page as served or saved, in any encoding it declares (else UTF-8, else windows-1252).
    ///   - source: Where it came from (file path or URL); named in warnings and errors.
    /// - Throws: ``PageReadError`` when the page is empty, cut short by the parser, unrecognised
    ///   or its layout changed.
    public func read(_ given: [UInt8], source: String) throws(PageReadError) -> ParsedPage {
        let utf16 = PageEncoding.fromUTF16(given)
        let bytes = utf16 ?? given
        guard bytes.contains(where: { !PageEncoding.isSpace($0) }) else { throw .empty(source: source) }
        let csv = RosterCSVReader(definition: definition, source: source)
        if csv.recognises(bytes) { return try csv.read(bytes) }
        if let cut = PageCompleteness.cutShort(bytes) { throw .cutShort(source: source, line: cut.line, reason: cut.reason) }
        let parsed: HTMLDocument?
        do {
            parsed = try HTMLDocument(bytes: bytes, encoding: utf16 == nil ? PageEncoding.detect(bytes) : "UTF-8")
        } catch {
            throw .cutShort(source: source, line: error.line, reason: error.reason)
        }
        guard let document = parsed else { throw .unrecognised(source: source) }
        return try withExtendedLifetime(document) { () throws(PageReadError) -> ParsedPage in
            try HTMLPageReader(definition: definition, document: document, source: source).read()
        }
    }
}
