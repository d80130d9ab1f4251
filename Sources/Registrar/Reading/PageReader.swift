import CampusCore

/// Reads any page of one registrar family into a ``ParsedPage``: reg-sched.pl pages and
/// roster CSVs, Banner 8's HTML pages, Banner 9's JSON answers.
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
    private enum Family: Sendable {
        case regSched(RegistrarDefinition)
        case banner8(Banner8Labels)
        case banner9
    }

    private let family: Family
    /// Reads the registrar's enrollment extract, where the school definition maps its columns.
    private var extract: EnrollmentExtractReader?

    /// A reader for reg-sched.pl pages of the registrar `definition` describes.
    public init(definition: RegistrarDefinition) {
        family = .regSched(definition)
    }

    /// A reader for Banner 8 Self-Service pages (term list, subjects, "Sections Found", detail)
    /// as Ellucian words them.
    public static let banner8 = PageReader(family: .banner8(Banner8Labels()))

    /// A reader for Banner 8 pages whose labels a school respells.
    static func banner8(labels: Banner8Labels) -> PageReader { PageReader(family: .banner8(labels)) }

    /// This reader, reading enrollment extracts (CSV) too.
    func readingExtracts(_ extract: EnrollmentExtractReader?) -> PageReader {
        var reader = self
        reader.extract = extract
        return reader
    }

    /// A reader for Banner 9 class-search answers (`searchResults`, `getTerms`, `get_subject`).
    public static let banner9 = PageReader(family: .banner9)

    private init(family: Family) {
        self.family = family
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
        if let extract, extract.recognises(bytes) { return try extract.read(bytes, source: source) }
        switch family {
        case .regSched(let definition):
            let csv = RosterCSVReader(definition: definition, source: source)
            if csv.recognises(bytes) { return try csv.read(bytes) }
            return try withDocument(bytes, isUTF16: utf16 != nil, source: source) { (document) throws(PageReadError) in
                try HTMLPageReader(definition: definition, document: document, source: source).read()
            }
        case .banner8(let labels):
            return try withDocument(bytes, isUTF16: utf16 != nil, source: source) { (document) throws(PageReadError) in
                try Banner8Reader(labels: labels).read(document, source: source)
            }
        case .banner9:
            return try Banner9Reader().read(bytes, source: source)
        }
    }

    /// Parses an HTML page whole (never a page cut short) and reads it with `body`.
    private func withDocument(
        _ bytes: [UInt8], isUTF16: Bool, source: String, _ body: (HTMLDocument) throws(PageReadError) -> ParsedPage
    ) throws(PageReadError) -> ParsedPage {
        if let cut = PageCompleteness.cutShort(bytes) { throw .cutShort(source: source, line: cut.line, reason: cut.reason) }
        let parsed: HTMLDocument?
        do {
            parsed = try HTMLDocument(bytes: bytes, encoding: isUTF16 ? "UTF-8" : PageEncoding.detect(bytes))
        } catch {
            throw .cutShort(source: source, line: error.line, reason: error.reason)
        }
        guard let document = parsed else { throw .unrecognised(source: source) }
        return try withExtendedLifetime(document) { () throws(PageReadError) -> ParsedPage in try body(document) }
    }
}
