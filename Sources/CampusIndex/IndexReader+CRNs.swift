import CampusCore

extension IndexReader {
    /// The sections of `term` by their CRN (those the registrar gave one): how an enrollment
    /// extract's rows find their sections.
    public func sectionsByCRN(term: TermCode) throws -> [String: SectionID] {
        let pairs = try rows("SELECT crn, id FROM sections WHERE term = ? AND crn IS NOT NULL", [.text(term.rawValue)]) { row in
            SectionID(row.string(1)).map { (row.string(0), $0) }
        }
        return Dictionary(pairs.compactMap(\.self), uniquingKeysWith: { first, _ in first })
    }

    /// Which of `sections` the index holds in `term`.
    public func heldSections(_ sections: Set<SectionID>, term: TermCode) throws -> Set<SectionID> {
        guard !sections.isEmpty else { return [] }
        let held = try rows("SELECT id FROM sections WHERE term = ?", [.text(term.rawValue)]) { SectionID($0.string(0)) }
        return sections.intersection(held.compactMap(\.self))
    }
}
