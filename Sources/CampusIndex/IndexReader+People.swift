import CampusCore
internal import GRDB

extension IndexReader {
    /// The person with this username (compared without case): the registrar's record
    /// with the directory's entry laid over it (``CampusCore/Person/merged(with:)``), or
    /// the directory's alone; `nil` when unknown to both or suppressed by the directory.
    public func person(_ username: String) throws -> Person? {
        let registrar = try cached(.person(IndexCache.key(username))) {
            try holdersRecord(username, try row(Self.personSQL, [.text(username)]) { PersonRecord(row: $0).person })
        }
        return try shown(registrar, directory: try directoryEntry(username))
    }

    /// The sections a person is enrolled in and those they teach in one term,
    /// each with its role, sorted by section id; the person as that term describes
    /// them, with the directory's entry laid over it.
    ///
    /// A person the directory suppresses from this read is treated as unknown: no person, no sections.
    ///
    /// - Parameter teachingOnly: read only the sections they teach (a listing), never what they take.
    public func schedule(of username: String, term: TermCode, teachingOnly: Bool = false) throws -> PersonSchedule {
        try schedules(of: [(username, teachingOnly)], term: term)[0]
    }

    /// ``schedule(of:term:teachingOnly:)`` of each of several people, in the order given, with
    /// the sections of all of them read and assembled at once: a group's overlay costs the
    /// statements of one schedule for its sections (a section two of them share is read once),
    /// not those of one a person.
    public func schedules(of people: [(username: String, teachingOnly: Bool)], term: TermCode) throws -> [PersonSchedule] {
        var found: [(person: Person?, roles: [(id: String, role: SectionRole)])] = []
        var ids: Set<String> = []
        for (username, teachingOnly) in people {
            let directory = try directoryEntry(username)
            guard directory.map(hides) != true else {
                found.append((nil, []))
                continue
            }
            let part = try termPart(of: username, term: term, teachingOnly: teachingOnly)
            ids.formUnion(part.roles.map(\.id))
            found.append((try shown(part.person, directory: directory), part.roles))
        }
        let byID = try sections(Array(ids), term: term.rawValue)
        return found.map { person, roles in
            let scheduled = roles.compactMap { entry in
                byID[entry.id].map { ScheduledSection(section: $0, role: entry.role) }
            }
            return PersonSchedule(term: term, person: person, sections: scheduled)
        }
    }

    /// A person as `term` describes them and their sections in it, as the index holds them
    /// (kept: ``IndexCache``).
    func termPart(of username: String, term: TermCode, teachingOnly: Bool) throws -> IndexCache.TermPart {
        try cached(.termPart(term: term.rawValue, username: IndexCache.key(username), teachingOnly: teachingOnly)) {
            let changedHands = try changedHands(username)
            let person = try row(Self.personInTermSQL, [.text(term.rawValue), .text(username)]) { row in
                // Under a username given again, the shared record may be the one before's: the term's reading alone.
                changedHands ? try TermView.reading(row.text(PersonRecord.columns.count))
                    : try TermView.person(PersonRecord(row: row).person, termReading: row.text(PersonRecord.columns.count))
            } ?? nil
            let roles = try !holds(username, term: term) ? [] : rows(
                teachingOnly ? Self.teachingSQL : Self.rolesSQL, [.text(username), .text(term.rawValue)]
            ) { row -> (id: String, role: SectionRole) in
                (row.string(0), row.text(1) == "instructor" ? .instructor : .student)
            }
            // Under a username given again, a term describes its present holder only where it
            // lists them in a section since (rows of the one before are left out above).
            guard roles.isEmpty, changedHands else { return IndexCache.TermPart(person: person, roles: roles) }
            return IndexCache.TermPart(person: try holdersRecord(username, person), roles: roles)
        }
    }

    /// The terms in which a person is enrolled in or teaches a section, newest first;
    /// none for a person the directory suppresses from this read.
    public func terms(for username: String) throws -> [TermCode] {
        guard try directoryEntry(username).map(hides) != true else { return [] }
        return try termCodes(of: username)
    }

    private static let personSQL = "SELECT \(PersonRecord.selection()) FROM people WHERE username = ?"
    private static let personInTermSQL = """
        SELECT \(PersonRecord.selection()), term_people.person
        FROM people LEFT JOIN term_people ON term_people.username = people.username AND term_people.term = ?
        WHERE people.username = ?
        """
    private static let rolesSQL = """
        SELECT section, 'student' AS role FROM enrollments
        WHERE username = ?1 AND term = ?2 AND \(HandedOverRows.isHolders("enrollments", role: "student"))
        UNION
        SELECT section, 'instructor' AS role FROM section_instructors
        WHERE username = ?1 AND term = ?2 AND \(HandedOverRows.isHolders("section_instructors", role: "instructor"))
        ORDER BY section, role DESC
        """
    private static let teachingSQL = """
        SELECT section, 'instructor' AS role FROM section_instructors
        WHERE username = ?1 AND term = ?2 AND \(HandedOverRows.isHolders("section_instructors", role: "instructor")) ORDER BY section
        """
}
