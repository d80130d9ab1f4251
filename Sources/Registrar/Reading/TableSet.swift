/// A page's data tables sorted by what their header rows say they are.
struct TableSet {
    var sections: DataTable?
    var roster: DataTable?
    var personMatch: DataTable?
    var grid: DataTable?
    /// Tables with a header row no column set fits.
    var unknown: [DataTable] = []

    init(tables: [DataTable], definition: RegistrarDefinition) {
        for table in tables {
            let headers = table.headers
            if let first = headers.first, ColumnMap<SectionColumn>.normalise(first) == definition.gridMarker {
                grid = grid ?? table
            } else if definition.sectionColumns.fits(headers: headers) {
                sections = sections ?? table
            } else if definition.personMatchColumns.fits(headers: headers) {
                personMatch = personMatch ?? table
            } else if definition.rosterColumns.fits(headers: headers) {
                roster = roster ?? table
            } else if !headers.isEmpty {
                unknown.append(table)
            }
        }
    }
}
