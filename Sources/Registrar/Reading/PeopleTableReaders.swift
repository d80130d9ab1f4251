import CampusCore

/// Reads a roster's students table (USERNAME, NAME, BANNER ID, MAJOR, CLASS, YEAR, ADVISOR, EMAIL;
/// older pages: USERNAME, NAME, CAMPUS MAIL, MAJOR, CLASS, ADVISOR, EMAIL).
struct RosterTableReader {
    let columns: ColumnMap<RosterColumn>
    let idParameter: String
    let source: String

    func read(_ table: DataTable) -> (entries: [RosterEntry], warnings: [ScrapeWarning]) {
        let at = columns.locate(normalised: table.normalisedHeaders)
        var entries: [RosterEntry] = []
        var warnings: [ScrapeWarning] = []
        for (number, row) in table.rows.enumerated() {
            let cells = RowCells(cells: row.rowCells)
            guard !cells.cells.isEmpty else { continue }
            guard let username = cells.text(at[.username]), let name = cells.text(at[.name]) else {
                warnings.append(ScrapeWarning(source: source, message: "students table row \(number + 1) lacks a username or name; skipped (the page may be cut short)"))
                continue
            }
            entries.append(RosterEntry(
                username: username, name: name, bannerID: cells.text(at[.bannerID]), major: cells.text(at[.major]),
                classStanding: cells.text(at[.classStanding]), year: cells.text(at[.year]),
                advisor: cells.linkParameter(at[.advisor], idParameter) ?? cells.text(at[.advisor]),
                email: cells.text(at[.email]), campusMail: cells.text(at[.campusMail])))
        }
        return (entries, warnings)
    }
}

/// Reads a last-name search's "Person Match" table (USERNAME, NAME, BANNER ID, CAMPUS MAIL;
/// older pages: USERNAME, DESCRIPTION, NAME, CAMPUS MAIL, MAJOR, CLASS, ADVISOR).
struct PersonMatchTableReader {
    let columns: ColumnMap<PersonMatchColumn>
    let idParameter: String
    let source: String

    func read(_ table: DataTable) -> (people: [PersonMatch], warnings: [ScrapeWarning]) {
        let at = columns.locate(normalised: table.normalisedHeaders)
        var people: [PersonMatch] = []
        var warnings: [ScrapeWarning] = []
        for (number, row) in table.rows.enumerated() {
            let cells = RowCells(cells: row.rowCells)
            guard !cells.cells.isEmpty else { continue }
            guard let username = cells.text(at[.username]), let name = cells.text(at[.name]) else {
                warnings.append(ScrapeWarning(source: source, message: "Person Match row \(number + 1) lacks a username or name; skipped"))
                continue
            }
            people.append(PersonMatch(
                username: username, name: name, bannerID: cells.text(at[.bannerID]), campusMail: cells.text(at[.campusMail]),
                description: cells.text(at[.description]), major: cells.text(at[.major]),
                classStanding: cells.text(at[.classStanding]),
                advisor: cells.linkParameter(at[.advisor], idParameter) ?? cells.text(at[.advisor])))
        }
        return (people, warnings)
    }
}
