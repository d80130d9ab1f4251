import CampusCore

/// Generates a deterministic campus: the same scale (seed included) always gives the same campus.
///
/// ```swift
/// let campus = CampusGenerator.generate(.demo)
/// let spring = campus.snapshot(for: TermCode("202630")!)!
/// print(spring.sections.count, spring.enrollments.count)
/// ```
public enum CampusGenerator {
    /// Builds the people, each term's sections (with times, rooms and instructors
    /// free of clashes) and the enrolments.
    public static func generate(_ scale: CampusScale) -> GeneratedCampus {
        let root = SeededGenerator(seed: scale.seed)
        var people = PeoplePlanner(random: root.derived(1))
        let faculty = people.faculty(count: scale.faculty)
        let students = people.students(count: scale.students, faculty: faculty)
        let facultyPeople = faculty.map(\.person)

        let snapshots = scale.terms.enumerated().map { offset, term in
            let summer = scale.isSummer(term)
            let target = summer ? max(8, scale.sectionsPerTerm / 6) : scale.sectionsPerTerm
            var sections = SectionPlanner(
                random: root.derived(100 + UInt64(offset)), term: term, isSummer: summer,
                faculty: faculty, target: target, students: scale.students)
            var enrollment = EnrollmentPlanner(random: root.derived(200 + UInt64(offset)), sections: sections.plan(target: target))
            let (planned, enrollments) = enrollment.enroll(
                students, load: summer ? 1...2 : 3...5, participation: summer ? 0.12 : 0.95)
            let enrolled = Set(enrollments.map(\.username))
            var snapshot = TermSnapshot(term: term, enrollments: Set(enrollments))
            for section in planned { snapshot.sections[section.section.id] = section.section }
            for person in facultyPeople + students.filter({ enrolled.contains($0.username) }) {
                snapshot.people[person.username] = person
            }
            return snapshot
        }
        return GeneratedCampus(
            scale: scale, faculty: facultyPeople, students: students, terms: snapshots, examples: .standard)
    }
}
