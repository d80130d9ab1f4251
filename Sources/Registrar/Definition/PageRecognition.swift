import CampusCore

/// How a page tells what it is: headings, titles, header keys, no-match texts.
struct PageRecognition: Sendable {
    /// The two heading families of the reg-sched.pl pages.
    enum HeadingFamily: String, Sendable {
        case schedule, roster
    }

    /// "A page of this heading family whose header has any of these keys is of this kind."
    struct KindRule: Sendable {
        var kind: PageKind
        var family: HeadingFamily
        /// Normalised header keys (upper case, spaces squeezed).
        var headerKeys: [String]
        /// The header key whose value is what was looked up.
        var lookupKey: String
    }

    var scheduleHeading: PlaceholderTemplate
    var rosterHeading: PlaceholderTemplate
    var titlePrefixes: [String]
    var termParameter: String
    var idParameter: String
    /// Lower-cased.
    var noMatchTexts: [String]
    var kinds: [KindRule]

    /// The family and the printed term name of a heading, when it is one of the family.
    func family(ofHeading heading: String) -> (family: HeadingFamily, termName: String)? {
        for (family, template) in [(HeadingFamily.schedule, scheduleHeading), (.roster, rosterHeading)] {
            if let match = template.match(heading) { return (family, match.term ?? "") }
        }
        return nil
    }

    /// The first rule that fits a heading family and a header's keys.
    func rule(family: HeadingFamily, headerKeys: Set<String>) -> KindRule? {
        kinds.first { rule in
            rule.family == family && rule.headerKeys.contains { headerKeys.contains($0) }
        }
    }
}

/// The XPath expressions that find the parts of a page.
struct PageLocators: Sendable, Decodable {
    var heading: String
    var header: String
    var dataTables: String
    var termSelect: String
    var subjectSelect: String
    var mailLinks: String
    var termLinks: String
}
