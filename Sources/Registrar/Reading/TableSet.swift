/// A page's data tables sorted by what their header rows say they are.
///
/// A table of people may fit both a roster's students columns and a Person
/// Match's (older pages print CAMPUS MAIL, MAJOR and ADVISOR in both): the
/// page's kind, from its heading and header, says which it is.
struct TableSet {
    var sections: DataTable?
    var grid: DataTable?
    /// Tables of people (a roster's students, a Person Match), in page order.
    var people: [DataTable] = []
    /// Tables with a header row no column set fits.
    var unknown: [DataTable] = []
    /// Whether the page has no data table at all.
    let isEmpty: Bool

    init(tables: [DataTable], definition: RegistrarDefinition) {
        isEmpty = tables.isEmpty
        for table in tables {
            let headers = table.normalisedHeaders
            if headers.first == definition.gridMarker {
                grid = grid ?? table
            } else if definition.sectionColumns.fits(normalised: headers) {
                sections = sections ?? table
            } else if definition.rosterColumns.fits(normalised: headers) || definition.personMatchColumns.fits(normalised: headers) {
                people.append(table)
            } else if !headers.isEmpty {
                unknown.append(table)
            }
        }
    }

    /// The first people table with a roster's students columns.
    func students(_ definition: RegistrarDefinition) -> DataTable? {
        people.first { definition.rosterColumns.fits(normalised: $0.normalisedHeaders) }
    }

    /// The first people table with a Person Match's columns.
    func personMatch(_ definition: RegistrarDefinition) -> DataTable? {
        people.first { definition.personMatchColumns.fits(normalised: $0.normalisedHeaders) }
    }
}
