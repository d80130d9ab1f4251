import CampusCore

/// How a page tells what it is: its heading family and header keys first, then
/// the shapes of its tables; titles and no-match texts where those say nothing.
struct PageRecognition: Sendable {
    /// The heading families of the reg-sched.pl pages, each with its own heading
    /// (`Course Schedule - {term}`, `Room Schedule - {term}` on older pages, ...).
    enum HeadingFamily: String, Sendable, CaseIterable {
        case schedule, roster, room, personMatch
    }

    /// What a heading says: its family, and the term name and id it prints.
    struct Heading: Sendable {
        var family: HeadingFamily
        var termName: String?
        var id: String?
    }

    /// "A page of this heading family whose header has any of these keys is of this kind."
    struct KindRule: Sendable {
        var kind: PageKind
        var family: HeadingFamily
        /// Normalised header keys (upper case, spaces squeezed); empty fits any header.
        var headerKeys: [String]
        /// A fallback rule counts only when no other rule of the family fits: its keys
        /// (`Username`, `Room`) also appear on pages of other kinds.
        var isFallback: Bool
        /// The header key whose value is what was looked up; `nil` takes the heading's `{id}`.
        var lookupKey: String?

        func fits(_ keys: Set<String>) -> Bool {
            headerKeys.isEmpty || headerKeys.contains { keys.contains($0) }
        }
    }

    /// Which rule a header fits.
    enum Match {
        case rule(KindRule)
        /// Rules of several kinds fit equally well: the page is not guessed.
        case ambiguous([KindRule])
        case none
    }

    var headings: [(family: HeadingFamily, template: PlaceholderTemplate)]
    var titlePrefixes: [String]
    var termParameter: String
    var idParameter: String
    /// Between the section ids of a roster shared by several sections (`CSSE491-06|CSSE290-09`).
    var joinedSectionSeparator: String
    /// Lower-cased.
    var noMatchTexts: [String]
    var kinds: [KindRule]

    /// The family, term name and id of a heading, when it is one of the families'.
    func heading(_ text: String) -> Heading? {
        for (family, template) in headings {
            if let match = template.match(text) { return Heading(family: family, termName: match.term, id: match.id) }
        }
        return nil
    }

    /// The rule a header fits under a heading family: the distinguishing rules first,
    /// then the fallbacks; rules of two kinds fitting at the same level are ambiguous.
    func match(family: HeadingFamily, headerKeys: Set<String>) -> Match {
        let candidates = kinds.filter { $0.family == family && $0.fits(headerKeys) }
        for level in [false, true] {
            let fitting = candidates.filter { $0.isFallback == level }
            guard let first = fitting.first else { continue }
            var seen: [PageKind] = []
            let distinct = fitting.filter { rule in
                guard !seen.contains(rule.kind) else { return false }
                seen.append(rule.kind)
                return true
            }
            return distinct.count == 1 ? .rule(first) : .ambiguous(distinct)
        }
        return .none
    }
}

/// The XPath expressions that find the parts of a page.
struct PageLocators: Sendable, Codable {
    var heading: String
    var header: String
    var dataTables: String
    var termSelect: String
    var subjectSelect: String
    var mailLinks: String
    var termLinks: String
}
