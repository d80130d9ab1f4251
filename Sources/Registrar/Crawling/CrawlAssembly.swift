import CampusCore

/// A term's crawl under way: the snapshot growing page by page, the raw pages
/// kept, and the failures counted.
struct CrawlAssembly: Sendable {
    private(set) var snapshot: TermSnapshot
    private(set) var pages: [FetchedPage] = []
    private(set) var failed = 0
    /// The first page that failed: its section, else its address.
    private(set) var firstFailure: String?

    init(term: Term) {
        snapshot = TermSnapshot(term: term)
    }

    /// Adds the course search pages, which every later stage depends on: a page that
    /// cannot be read, or reads as another kind of page, fails the term.
    ///
    /// - Throws: ``CrawlError/layoutChanged(_:)``, ``CrawlError/unexpectedPage(source:expected:found:)``,
    ///   or ``CrawlError/noCourseSearches(term:location:)`` when not one search page was there.
    mutating func addCourseSearches(_ outcomes: [PageOutcome], location: String) throws(CrawlError) {
        var found = 0
        for outcome in outcomes {
            switch outcome {
            case .read(let page, let parsed):
                guard parsed.kind == .courseSearch || parsed.kind == .noMatch else {
                    throw .unexpectedPage(source: page.source, expected: .courseSearch, found: parsed.kind)
                }
                found += 1
                add(page, parsed)
            case .unreadable(_, let error):
                throw .layoutChanged(error)
            case .missing(let lookup, let location):
                note(FetchError.pageMissing(lookup: lookup, location: location).description, source: location)
            }
        }
        guard found > 0 || outcomes.isEmpty else {
            throw .noCourseSearches(term: snapshot.term.code, location: location)
        }
        if snapshot.sections.isEmpty {
            warn("The course searches of term \(snapshot.term.code) list no sections.", source: location)
        }
    }

    /// Adds roster or instructor pages: one that is missing or cannot be read, or a roster the
    /// registrar answers "No Match" for though the course search counts students in the section
    /// (its access refused, say), counts as failed, with a warning.
    mutating func addDetails(_ outcomes: [PageOutcome]) {
        for outcome in outcomes {
            switch outcome {
            case .read(let page, let parsed):
                if let section = page.lookup.sectionID, parsed.kind == .noMatch,
                   SectionID(section).flatMap({ snapshot.sections[$0]?.enrolled }).map({ $0 > 0 }) ?? true {
                    pages.append(page)
                    note("The registrar found no roster for \(section) (\"No Match\"), though the course search lists it.",
                         source: page.source, section: section)
                    continue
                }
                add(page, parsed)
            case .unreadable(let page, let error):
                pages.append(page)
                note("This page could not be read and was skipped: \(error)", source: page.source,
                     section: page.lookup.sectionID)
            case .missing(let lookup, let location):
                note(FetchError.pageMissing(lookup: lookup, location: location).description, source: location,
                     section: lookup.sectionID)
            }
        }
    }

    private mutating func add(_ page: FetchedPage, _ parsed: ParsedPage) {
        pages.append(page)
        if let other = parsed.term?.code, other != snapshot.term.code {
            note("This page is about term \(other), not \(snapshot.term.code), and was skipped.", source: page.source)
            return
        }
        snapshot.add(parsed)
    }

    /// Counts a page that failed, and says why.
    private mutating func note(_ message: String, source: String, section: String? = nil) {
        failed += 1
        firstFailure = firstFailure ?? section ?? source
        warn(message, source: source, section: section)
    }

    private mutating func warn(_ message: String, source: String, section: String? = nil) {
        snapshot.warnings.append(ScrapeWarning(source: source, section: section, message: message))
    }
}

extension Lookup {
    /// The section a roster lookup is about.
    fileprivate var sectionID: String? {
        if case .roster(let id, _) = self { return id }
        return nil
    }
}
