import CampusCore
import Testing

@Suite("Building a term snapshot from pages")
struct TermSnapshotTests {
    let spring = Term(code: TermCode("202630")!, name: "Spring 2025-2026")

    func section(_ id: String, instructor: String? = nil) -> Section {
        Section(id: SectionID(id)!, title: "Theory of Computation",
                instructors: instructor.map { [InstructorRef(name: "Vale, Robin", username: $0)] } ?? [])
    }

    @Test("a student's schedule enrols the student in each listed section")
    func studentSchedule() {
        var snapshot = TermSnapshot(term: spring)
        let page = ParsedPage(source: "s.html", kind: .studentSchedule, term: spring,
                              person: Person(username: "quinna", name: "Alex Quinn", affiliation: .student),
                              sections: [section("CSSE474-02", instructor: "valer"), section("MA474-02")])
        snapshot.add(page)
        #expect(snapshot.enrollments.count == 2)
        #expect(snapshot.people["valer"]?.name == "Robin Vale")
        #expect(snapshot.people["valer"]?.affiliation == .faculty)
        #expect(snapshot.people["quinna"]?.name == "Alex Quinn")
    }

    @Test("a whole-course roster adds people but no enrolments; a section roster enrols")
    func rosters() {
        var snapshot = TermSnapshot(term: spring)
        let students = [RosterEntry(username: "ashbyc", name: "Casey Ashby", major: "CS")]
        snapshot.add(ParsedPage(source: "c.html", kind: .courseRoster, term: spring,
                                sections: [section("CSSE474-01"), section("CSSE474-02")], roster: students))
        #expect(snapshot.enrollments.isEmpty)
        #expect(snapshot.people["ashbyc"]?.major == "CS")
        snapshot.add(ParsedPage(source: "r.html", kind: .sectionRoster, term: spring,
                                sections: [section("CSSE474-02")], roster: students))
        #expect(snapshot.enrollments == [Enrollment(section: SectionID("CSSE474-02")!, username: "ashbyc")])
    }

    @Test("a section's roster read later replaces the one read before: who is in it is what the last roster lists")
    func laterRosterWins() {
        var snapshot = TermSnapshot(term: spring)
        let id = SectionID("CSSE474-02")!
        snapshot.add(ParsedPage(source: "old.html", kind: .sectionRoster, term: spring, sections: [section(id.rawValue)],
                                roster: [RosterEntry(username: "ashbyc", name: "Casey Ashby"), RosterEntry(username: "quinna", name: "Alex Quinn")]))
        snapshot.add(ParsedPage(source: "new.csv", kind: .rosterCSV, term: spring, sections: [section(id.rawValue)],
                                roster: [RosterEntry(username: "quinna", name: "Alex Quinn"), RosterEntry(username: "valer", name: "Robin Vale")]))
        #expect(snapshot.enrollments == [Enrollment(section: id, username: "quinna"), Enrollment(section: id, username: "valer")])
        #expect(snapshot.rostered == [id])
    }

    @Test("a later reading keeps facts only the earlier one had; other terms are ignored")
    func merging() {
        var snapshot = TermSnapshot(term: spring)
        var full = section("CSSE474-02", instructor: "valer")
        full.crn = "3096"
        full.capacity = 24
        snapshot.add(full)
        snapshot.add(section("CSSE474-02"))
        #expect(snapshot.sections[SectionID("CSSE474-02")!]?.crn == "3096")
        #expect(snapshot.sections[SectionID("CSSE474-02")!]?.instructors.count == 1)
        let fall = Term(code: TermCode("202710")!, name: "Fall 2026-2027")
        snapshot.add(ParsedPage(source: "f.html", kind: .sectionRoster, term: fall, sections: [section("CSSE220-01")]))
        #expect(snapshot.sections.count == 1)
    }

    @Test("an instructor named only by username (the roster CSV) does not get the username as a name")
    func usernameOnlyInstructor() {
        var snapshot = TermSnapshot(term: spring)
        snapshot.add(Person(username: "valer", name: "Robin Vale", affiliation: .faculty))
        var section = section("CSSE474-02")
        section.instructors = [InstructorRef(name: "valer", username: "valer")]
        snapshot.add(ParsedPage(source: "r.csv", kind: .rosterCSV, term: spring, sections: [section]))
        #expect(snapshot.people["valer"]?.name == "Robin Vale")
        var fresh = TermSnapshot(term: spring)
        fresh.add(ParsedPage(source: "r.csv", kind: .rosterCSV, term: spring, sections: [section]))
        #expect(fresh.people["valer"]?.name == nil)
    }
}
