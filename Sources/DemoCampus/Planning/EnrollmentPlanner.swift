import CampusCore

/// Puts students into sections: a few each, no time clashes, no course twice, within capacity.
struct EnrollmentPlanner {
    private var random: SeededGenerator
    private var sections: [PlannedSection]
    /// Section indexes by subject, for students' preferences.
    private let bySubject: [String: [Int]]
    /// Section indexes each major prefers, filled as majors come up.
    private var byMajor: [String: [Int]] = [:]

    init(random: SeededGenerator, sections: [PlannedSection]) {
        self.random = random
        self.sections = sections
        bySubject = Dictionary(grouping: sections.indices, by: { sections[$0].section.id.subject })
    }

    /// Enrols `students` with `load` sections each (or as many as fit); returns the
    /// sections with their enrolled counts set, and each section's students.
    mutating func enroll(_ students: [Person], load: ClosedRange<Int>, participation: Double)
        -> (sections: [PlannedSection], enrollments: [Enrollment])
    {
        var enrollments: [Enrollment] = []
        for student in students {
            let isDemo = student.username == DemoExamples.standard.student
            guard isDemo || random.chance(participation) else { continue }
            let wanted = isDemo ? load.upperBound : Int.random(in: load, using: &random)
            for index in choose(wanted, for: student, preferring: isDemo ? DemoExamples.standard.instructor : nil) {
                sections[index].section.enrolled! += 1
                enrollments.append(Enrollment(section: sections[index].section.id, username: student.username))
            }
        }
        return (sections, enrollments)
    }

    private mutating func choose(_ wanted: Int, for student: Person, preferring teacher: String?) -> [Int] {
        let major = student.major ?? ""
        if byMajor[major] == nil { byMajor[major] = Self.subjects(for: major).flatMap { bySubject[$0] ?? [] } }
        let preferred = byMajor[major]!
        var taught: [Int] = []
        if let teacher {
            taught = sections.indices.filter { sections[$0].section.instructors.contains { $0.username == teacher } }
        }
        var chosen: [Int] = []
        var busy: Set<WeekCell> = []
        var courses: Set<String> = []
        for attempt in 0..<80 where chosen.count < wanted {
            let index: Int
            if attempt < 10, !taught.isEmpty {
                index = random.pick(taught)
            } else if !preferred.isEmpty, random.chance(0.7) {
                index = random.pick(preferred)
            } else {
                index = Int.random(in: sections.indices, using: &random)
            }
            let planned = sections[index]
            let cells = planned.pattern.cells
            guard planned.section.enrolled! < planned.section.capacity!, !courses.contains(planned.course),
                  busy.isDisjoint(with: cells) else { continue }
            chosen.append(index)
            busy.formUnion(cells)
            courses.insert(planned.course)
        }
        return chosen
    }

    /// The subjects a major takes most; everyone also takes mathematics, science and writing.
    static func subjects(for major: String) -> [String] {
        let own = DepartmentCatalog.all.filter { $0.majors.contains(major) }.map(\.subject)
        return own + ["MA", "PH", "CHEM", "ENGL"].filter { !own.contains($0) }
    }
}
