import CampusCore

/// Reads Banner 8 Self-Service pages into ``ParsedPage`` values: the term list
/// (`bwckschd.p_disp_dyn_sched`), a term's subjects (`bwckgens.p_proc_term_date`),
/// "Sections Found" (`bwckschd.p_get_crse_unsec`, `bwckctlg.p_disp_listcrse`) and a
/// section's detail (`bwckschd.p_disp_detail_sched`). The page's content tells its kind.
struct Banner8Reader: Sendable {
    var labels = Banner8Labels()

    func read(_ document: HTMLDocument, source: String) throws(PageReadError) -> ParsedPage {
        let landmarks = document.root.map { Banner8Landmarks($0, labels: labels) }
        if let table = landmarks?.sectionsTable {
            let (sections, term, warnings) = try Banner8SectionsReader(labels: labels, source: source).read(table)
            let courses = sections.map(\.id.course).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            return ParsedPage(
                source: source, kind: .courseSearch, term: term, lookup: courses.count == 1 ? courses[0] : nil,
                sections: sections, warnings: warnings)
        }
        if let table = landmarks?.detailTable {
            let (section, term) = try Banner8DetailReader(labels: labels, source: source).read(table)
            return ParsedPage(source: source, kind: .sectionDetail, term: term, lookup: section.crn, sections: [section])
        }
        if let options = landmarks?.termOptions, !options.isEmpty {
            let listed = terms(options)
            var page = ParsedPage(source: source, kind: .termList, terms: listed.map(\.term))
            page.viewOnlyTerms = Set(listed.filter(\.viewOnly).map(\.term.code))
            return page
        }
        if let options = landmarks?.subjectOptions, !options.isEmpty {
            let subjects = options.compactMap { $0.attribute("value").flatMap(PageText.nonEmpty) }
            return ParsedPage(source: source, kind: .subjectList, subjects: subjects.filter { $0 != "dummy" && $0 != "%" })
        }
        let notFound = "/descendant::*[contains(normalize-space(text()), \(XPathLiteral.quoted(labels.noClassesText)))][1]"
        if let found = document.nodes(matching: notFound), !found.isEmpty {
            return ParsedPage(source: source, kind: .noMatch)
        }
        throw .unrecognised(source: source)
    }

    /// The term options: code and name, without the empty "None" option and the
    /// "(View only)" mark (said apart); the school's own codes are kept as they are.
    private func terms(_ options: [HTMLNode]) -> [(term: Term, viewOnly: Bool)] {
        options.compactMap { option in
            guard let code = option.attribute("value").flatMap({ TermCode($0) }) else { return nil }
            // Compared as UTF-8 bytes: a Character-wise hasSuffix cost a fifth of reading the list.
            let text = option.text
            var name = text.utf8[...]
            let suffix = labels.viewOnlySuffix.utf8
            let viewOnly = name.count >= suffix.count && name.suffix(suffix.count).elementsEqual(suffix)
            if viewOnly { name = name.dropLast(suffix.count) }
            while name.last == UInt8(ascii: " ") { name = name.dropLast() }
            return (Term(code: code, name: name.isEmpty ? code.rawValue : String(Substring(name))), viewOnly)
        }
    }
}
