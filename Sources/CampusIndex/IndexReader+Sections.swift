import CampusCore
internal import GRDB

extension IndexReader {
    /// One section of a term with its meetings and instructors; `nil` when the index lacks it.
    public func section(_ id: SectionID, term: TermCode) throws -> Section? {
        try sectionRecords([id.rawValue], term: term.rawValue).first
            .map { try assemble([$0], term: term.rawValue)[0] }
    }

    /// Sections of a term whose id starts with `prefix`, compared without case and
    /// spaces, sorted by id.
    ///
    /// `CSSE4` finds every CSSE4xx section, `CSSE474` the sections of that course,
    /// and a full id such as `csse474-02` only that section.
    public func sections(prefix: String, term: TermCode) throws -> [Section] {
        try assemble(sectionRecords(prefix: prefix, term: term.rawValue, limit: nil), term: term.rawValue)
    }

    /// The students enrolled in a section, as that term describes them with the
    /// directory's entries laid over, sorted by name (people without a name last), each
    /// with their directory entry: two statements, whatever the section's size.
    ///
    /// People the directory suppresses are left out; the section's `enrolled` count
    /// stays as the registrar printed it.
    public func roster(_ id: SectionID, term: TermCode) throws -> [RosterReading] {
        let enrolled = try rows(Self.rosterSQL, [.text(term.rawValue), .text(id.rawValue)]) { row in
            let shared = PersonRecord(row: row).person
            let reading = row.text(PersonRecord.columns.count)
            // Under a username given again, the shared record may be the one before's: its
            // present holder is what the term's reading alone says.
            let own = try changedHands(shared.username) ? try TermView.reading(reading) ?? Person(username: shared.username) : nil
            return (person: try TermView.person(shared, termReading: reading), own: own, handedOver: row.bool(PersonRecord.columns.count + 1),
                    rowBannerID: row.text(PersonRecord.columns.count + 2))
        }
        let directory = try directoryEntries(enrolled.map(\.person.username))
        return try enrolled.compactMap { person, own, handedOver, rowBannerID in
            // Enrolled under a username given again since: the registrar's record of the
            // previous holder, never the directory's entry of the new one.
            guard try handedOver || !holds(person.username, term: term) else {
                let entry = directory[person.username.lowercased()]
                return try shown(own ?? person, directory: entry).map { RosterReading(person: $0, directory: entry) }
            }
            // Its address under the username now reaches the new holder: none.
            var previous = person
            previous.email = nil
            if let rowBannerID, !rowBannerID.isEmpty, rowBannerID != person.bannerID {
                // The term's reading of the username is the new holder's: the row tells only whose Banner ID it is.
                previous = Person(username: person.username, bannerID: rowBannerID)
            }
            return try shown(previous, directory: nil).map { RosterReading(person: $0, directory: nil, heldBefore: true) }
        }
        .sorted { TermView.byName($0.person, $1.person) }
    }

    /// Section rows matching an id prefix, or exactly the one section when the prefix is a full id.
    func sectionRecords(prefix: String, term: String, limit: Int?) throws -> [SectionRecord] {
        if let id = SectionID(prefix) {
            return try sectionRecords([id.rawValue], term: term)
        }
        let range = PrefixRange(String(prefix.filter { !$0.isWhitespace }).uppercased())
        return try rows(Self.sectionsByPrefix, [.text(term), .text(range.lower), .text(range.upper), .int(limit ?? -1)]) {
            try SectionRecord(row: $0)
        }
    }

    /// The sections of `term` whose CRN is `crn` (one, on any registrar that keeps CRNs unique in a term).
    func sectionRecords(crn: String, term: String) throws -> [SectionRecord] {
        try rows(Self.sectionsByCRN, [.text(term), .text(crn)]) { try SectionRecord(row: $0) }
    }

    private static let sectionsByCRN = """
        SELECT \(SectionRecord.selection) FROM sections INDEXED BY sections_by_crn WHERE term = ? AND crn = ? ORDER BY id
        """

    private static let sectionsByPrefix = """
        SELECT \(SectionRecord.selection) FROM sections WHERE term = ? AND id >= ? AND id < ? ORDER BY id LIMIT ?
        """
    private static let rosterSQL = """
        SELECT \(PersonRecord.selection()), term_people.person, NOT \(HandedOverRows.isHolders("enrollments", role: "student")),
            enrollments.banner_id
        FROM enrollments JOIN people ON people.username = enrollments.username
        LEFT JOIN term_people ON term_people.term = enrollments.term AND term_people.username = enrollments.username
        WHERE enrollments.term = ? AND enrollments.section = ? AND \(notSuppressed("enrollments.username"))
        """
}
