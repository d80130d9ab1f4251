import CampusCore

/// A Banner 8 "Sections Found" table (`bwckschd.p_get_crse_unsec`, `bwckctlg.p_disp_listcrse`):
/// each section a title row (`th.ddtitle`: `Title - CRN - SUBJ NUM - SEC`, linking to its
/// detail page) and a row of text (term, campus, schedule type, credits) holding its
/// "Scheduled Meeting Times" table.
struct Banner8SectionsReader {
    let labels: Banner8Labels
    let source: String

    func read(_ table: HTMLNode) throws(PageReadError) -> (sections: [Section], term: Term?, warnings: [ScrapeWarning]) {
        var sections: [Section] = []
        var warnings: [ScrapeWarning] = []
        var termCode: TermCode?
        var termName: String?
        var pending: (title: Banner8Title, link: String?)?
        for row in table.tableRows {
            if let heading = row.rowCells.first(where: { $0.isElement("th") }) {
                let text = heading.text
                guard let title = Banner8Title(text) else {
                    throw .layoutChanged(
                        source: source, locator: "a section title of the \(labels.sectionsCaption) table",
                        detail: "'\(text)' is not 'Title - CRN - SUBJ NUM - SEC'")
                }
                pending = (title, heading.descendants(named: "a").first?.attribute("href"))
                continue
            }
            guard let (title, link) = pending, let body = row.rowCells.first else { continue }
            pending = nil
            let lines = body.linesOutsideTables
            termName = termName ?? Banner8SectionText.value(labeled: labels.associatedTerm, in: lines)
            termCode = termCode ?? link.flatMap { LinkParameters.value(of: "term_in", in: $0) }.flatMap { TermCode($0) }
            let meetingsTable = body.descendants(named: "table").first
            let (rows, instructors) = try meetingsTable.map { (table) throws(PageReadError) in
                try Banner8MeetingTable(labels: labels, source: source).read(table)
            } ?? ([], [])
            let (schedule, exam) = BannerSchedule.assemble(rows)
            let credits = lines.lazy.compactMap(Banner8Text.credits).first
            if credits == nil {
                warnings.append(ScrapeWarning(source: source, section: title.id.rawValue, message: "no credits line"))
            }
            sections.append(Section(
                id: title.id, crn: title.crn, title: title.title, instructors: instructors,
                credits: credits?.whole, schedule: schedule, finalExam: exam, creditRange: credits?.range,
                campus: Banner8SectionText.line(endingWith: labels.campusSuffix, in: lines),
                scheduleType: Banner8SectionText.line(endingWith: labels.scheduleTypeSuffix, in: lines)
                    .map { String(decoding: $0.utf8.dropLast(labels.scheduleTypeSuffix.utf8.count + 1), as: UTF8.self) }))
        }
        if let pending {
            throw .layoutChanged(
                source: source, locator: "the \(labels.sectionsCaption) table",
                detail: "the section \(pending.title.id) has a title row but no text row after it")
        }
        let term = termCode.map { Term(code: $0, name: termName ?? $0.rawValue) }
        return (sections, term, warnings)
    }
}

/// The free text of a Banner 8 section or detail cell, line by line.
enum Banner8SectionText {
    /// The value after `label:` (`Associated Term: Fall 2015 Semester`).
    static func value(labeled label: String, in lines: [String]) -> String? {
        let prefix = label + ":"
        return lines.first { ASCIICase.hasPrefix($0, prefix) }
            .flatMap { PageText.nonEmpty(String(decoding: $0.utf8.dropFirst(prefix.utf8.count).drop { $0 == UInt8(ascii: " ") }, as: UTF8.self)) }
    }

    /// The first line that ends with `suffix` and is more than it, without a label
    /// (`Boston, Main Campus`, `Lecture Schedule Type`).
    static func line(endingWith suffix: String, in lines: [String]) -> String? {
        let ending = " " + suffix
        return lines.first {
            $0.utf8.count > ending.utf8.count && ASCIICase.hasSuffix($0, ending) && !$0.utf8.contains(UInt8(ascii: ":"))
        }
    }
}
