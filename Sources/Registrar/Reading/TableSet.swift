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
            let headers = table.normalisedHeaders
            if headers.first == definition.gridMarker {
                grid = grid ?? table
            } else if definition.sectionColumns.fits(normalised: headers) {
                sections = sections ?? table
            } else if definition.personMatchColumns.fits(normalised: headers) {
                personMatch = personMatch ?? table
            } else if definition.rosterColumns.fits(normalised: headers) {
                roster = roster ?? table
            } else if !headers.isEmpty {
                unknown.append(table)
            }
        }
    }
}
