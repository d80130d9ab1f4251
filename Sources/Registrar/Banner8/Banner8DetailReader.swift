import CampusCore
import Foundation

/// A Banner 8 detail page (`bwckschd.p_disp_detail_sched`): the section's title
/// (`th.ddlabel`), its text, and the "Registration Availability" table whose rows Seats
/// and Waitlist Seats hold Capacity, Actual and Remaining.
struct Banner8DetailReader {
    let labels: Banner8Labels
    let source: String

    func read(_ table: HTMLNode) throws(PageReadError) -> (section: Section, term: Term?) {
        let rows = table.tableRows
        guard let heading = rows.first?.rowCells.first, let title = Banner8Title(heading.text) else {
            throw .layoutChanged(
                source: source, locator: "the \(labels.detailCaption) table",
                detail: "its first row is not 'Title - CRN - SUBJ NUM - SEC'")
        }
        guard let body = rows.dropFirst().first?.rowCells.first else {
            throw .layoutChanged(source: source, locator: "the \(labels.detailCaption) table", detail: "it has no text row")
        }
        let lines = body.linesOutsideTables
        guard let seatsTable = body.descendants(named: "table").first(where: { caption(of: $0) == labels.seatsCaption.lowercased() }) else {
            throw .layoutChanged(source: source, locator: "the \(labels.seatsCaption) table", detail: "the page has none")
        }
        let seats = try self.seats(seatsTable)
        let credits = lines.lazy.compactMap(Banner8Text.credits).first
        var section = Section(
            id: title.id, crn: title.crn, title: title.title, credits: credits?.whole,
            enrolled: seats[labels.seats.lowercased()]?.actual, capacity: seats[labels.seats.lowercased()]?.capacity,
            creditRange: credits?.range,
            campus: Banner8SectionText.line(endingWith: labels.campusSuffix, in: lines))
        section.waitlist = seats[labels.waitlistSeats.lowercased()].map { Waitlist(capacity: $0.capacity, count: $0.actual) }
        let code = body.descendants(named: "a").lazy.compactMap { $0.attribute("href") }
            .compactMap { LinkParameters.value(of: "term_in", in: $0) }.compactMap { TermCode($0) }.first
        let name = Banner8SectionText.value(labeled: labels.associatedTerm, in: lines)
        return (section, code.map { Term(code: $0, name: name ?? $0.rawValue) })
    }

    private func caption(of table: HTMLNode) -> String? {
        table.elementChildren.first { $0.isElement("caption") }?.text.lowercased()
    }

    /// Row label (lower case) -> capacity and actual, columns found by header text.
    private func seats(_ table: HTMLNode) throws(PageReadError) -> [String: (capacity: Int, actual: Int)] {
        var rows = table.tableRows
        // libxml2 nests the data rows inside the unclosed header row: flatten them.
        rows = rows.flatMap { [$0] + $0.elementChildren.filter { $0.isElement("tr") } }
        guard let header = rows.first(where: { row in row.rowCells.contains { $0.text.lowercased() == labels.capacity.lowercased() } }) else {
            throw .layoutChanged(source: source, locator: "the \(labels.seatsCaption) table", detail: "no '\(labels.capacity)' column")
        }
        let names = header.rowCells.map { $0.text.lowercased() }
        guard let capacity = names.firstIndex(of: labels.capacity.lowercased()),
              let actual = names.firstIndex(of: labels.actual.lowercased()) else {
            throw .layoutChanged(source: source, locator: "the \(labels.seatsCaption) table", detail: "no '\(labels.actual)' column")
        }
        var result: [String: (capacity: Int, actual: Int)] = [:]
        for row in rows where row.pointer != header.pointer {
            let cells = row.rowCells
            guard cells.count == names.count, let label = PageText.nonEmpty(cells[0].text),
                  let total = Int(cells[capacity].text), let taken = Int(cells[actual].text) else { continue }
            result[label.lowercased()] = (total, taken)
        }
        return result
    }
}
