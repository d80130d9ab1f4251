extension TermSnapshot {
    /// A section's whole roster, as a page lists it: who is in the section now, replacing
    /// any earlier page's list of it (a roster read later wins; schedules read earlier only add).
    mutating func setRoster(of section: SectionID, _ roster: [RosterEntry]) {
        rostered.insert(section)
        enrollments = enrollments.filter { $0.section != section }
        for entry in roster { enrollments.insert(Enrollment(section: section, username: entry.username, bannerID: entry.bannerID)) }
    }

    /// Adds what one page of this term says: its sections, the people it names,
    /// and who is enrolled where.
    ///
    /// - A student's schedule enrols that student in every section listed.
    /// - A section roster (one section) enrols every student listed, and only them: the
    ///   section's list as an earlier page had it is replaced; a whole-course
    ///   roster lists students without saying which section, so it adds people only.
    /// - A joined roster (sections meeting together) enrols its students only where the
    ///   sections' enrolment counts say which section they are in (``ParsedPage/joinedRosterSection``).
    /// - Instructors named in a sections table become people of the faculty; the people of
    ///   a Person Match become people of the term.
    ///
    /// - A section's detail page adds its seats and waitlist to the section.
    /// - Sections sharing a cross-list group (Banner) are cross-listed with each other,
    ///   whichever pages they came from.
    ///
    /// Pages of another term, the term list and no-match pages add nothing.
    public mutating func add(_ page: ParsedPage) {
        guard page.term?.code == term.code else { return }
        warnings += page.warnings
        for section in page.sections {
            if page.kind == .sectionDetail {
                addSeats(of: section, source: page.source)
                continue
            }
            add(section)
            for instructor in section.instructors {
                // Banner names instructors by e-mail only: the index matches them to the directory.
                guard let username = instructor.username else { continue }
                // A page that prints only the username (the roster CSV) tells no name.
                let name = instructor.name == username ? nil : Person.displayName(fromSortName: instructor.name)
                add(Person(username: username, name: name, affiliation: .faculty))
            }
        }
        if page.sections.contains(where: { $0.crossListGroup != nil }) { linkCrossListGroups() }
        if let person = page.person { add(person) }
        for entry in page.roster { add(entry.person) }
        for match in page.people { add(match.person) }

        switch page.kind {
        case .studentSchedule:
            if let person = page.person {
                for section in page.sections {
                    enrollments.insert(Enrollment(section: section.id, username: person.username, bannerID: person.bannerID))
                }
            }
        case .sectionRoster, .rosterCSV:
            if page.sections.count == 1, let section = page.sections.first { setRoster(of: section.id, page.roster) }
        case .joinedRoster:
            if let section = page.joinedRosterSection { setRoster(of: section, page.roster) }
        default:
            break
        }
    }
}

extension PersonMatch {
    /// This match as a ``Person``: `Quinn, Alex` read as `Alex Quinn`, what it is from its
    /// description (`faculty`, `student`) where older pages print one.
    public var person: Person {
        Person(
            username: username, name: Person.displayName(fromSortName: name), bannerID: bannerID,
            affiliation: description.flatMap { Affiliation(rawValue: $0.lowercased()) } ?? .unknown,
            major: major, classStanding: classStanding, advisorUsername: advisor, campusMail: campusMail)
    }
}

extension Person {
    /// `Robin Vale` from the sections table's `Vale, Robin`; names without a comma stay as they are.
    public static func displayName(fromSortName name: String) -> String {
        let parts = name.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[1].isEmpty else { return name }
        return "\(parts[1]) \(parts[0])"
    }
}
