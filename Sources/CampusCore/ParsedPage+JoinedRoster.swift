extension ParsedPage {
    /// The section every student of a joined roster (`CSSE491-06|CSSE290-09`) is in, when
    /// the sections' own enrolment counts leave only that answer: one section counts every
    /// student listed and each other section counts none. `nil` when the page cannot tell
    /// (students in several of them, or a count missing).
    public var joinedRosterSection: SectionID? {
        guard kind == .joinedRoster, !roster.isEmpty else { return nil }
        let holding = sections.filter { $0.enrolled != 0 }
        guard holding.count == 1, let only = holding.first, only.enrolled == roster.count else { return nil }
        return only.id
    }
}
