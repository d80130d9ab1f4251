import CampusCore

/// A section as planned: the registrar's values plus what clash checks need.
struct PlannedSection: Sendable {
    var section: Section
    var pattern: MeetingPattern
    /// The room it meets in; `nil` when unscheduled.
    var room: String?
    /// The course a student takes it as (a cross-listed twin counts as its primary).
    var course: String
}

/// Lays out one term's sections: courses, times, rooms and instructors without clashes.
struct SectionPlanner {
    private var random: SeededGenerator
    private let term: Term
    private let isSummer: Bool
    private let faculty: [FacultyMember]
    private let rooms: [String]
    private let capacityScale: Double
    private let maxLoad: Int
    private var roomBusy: [String: Set<WeekCell>] = [:]
    private var teacherBusy: [String: Set<WeekCell>] = [:]
    private var load: [String: Int] = [:]
    private var nextCRN: Int

    init(random: SeededGenerator, term: Term, isSummer: Bool, faculty: [FacultyMember], target: Int, students: Int) {
        self.random = random
        self.term = term
        self.isSummer = isSummer
        self.faculty = faculty
        rooms = RoomPool.rooms(count: max(RoomPool.named.count, target / 5))
        capacityScale = max(1, Double(students) * 4 / Double(target) / 12)
        maxLoad = max(3, (target + faculty.count - 1) / faculty.count + 1)
        nextCRN = (Int(term.code.rawValue.suffix(2)) ?? 10) * 100 + 1
    }

    /// About `target` sections, sorted by id, spread over the departments by weight.
    mutating func plan(target: Int) -> [PlannedSection] {
        let totalWeight = DepartmentCatalog.all.map(\.weight).reduce(0, +)
        let twins = Set(DepartmentCatalog.crossListed.map(\.twin))
        let primaries = Set(DepartmentCatalog.crossListed.map(\.primary))
        var planned: [PlannedSection] = []
        for department in DepartmentCatalog.all {
            let share = max(1, target * department.weight / totalWeight)
            let courses = department.courses(count: share / 2 + 1).filter { !twins.contains($0.code) }
            let forced = isSummer ? [] : courses.filter { primaries.contains($0.code) }
            var made = 0
            for course in forced + courses.filter({ !forced.contains($0) }).shuffled(using: &random) where made < share {
                let wanted = forced.contains(course) ? 3 : isSummer ? 1 : Int.random(in: 1...3, using: &random)
                for number in 1...max(1, min(wanted, share - made)) {
                    let sections = plan(course, number: number, keepOpen: forced.contains(course))
                    planned += sections
                    made += sections.count
                }
            }
        }
        return planned.sorted { $0.section.id < $1.section.id }
    }

    /// One section of `course`, and its cross-listed twin when the course has one.
    private mutating func plan(_ course: CatalogCourse, number: Int, keepOpen: Bool) -> [PlannedSection] {
        let suffix = number < 10 ? "0\(number)" : "\(number)"
        let id = SectionID("\(course.code)-\(suffix)")!
        let cancelled = !keepOpen && random.chance(0.03)
        var (pattern, room, teacher): (MeetingPattern, String?, Person?) =
            cancelled ? (.unscheduled, nil, nil) : place(course, scheduledOnly: keepOpen)
        if !cancelled, !pattern.isScheduled, random.chance(0.25) { teacher = nil }
        let section = Section(
            id: id, crn: String(takeCRN()), title: course.title,
            instructors: teacher.map { [InstructorRef(name: SectionDetails.sortName($0), username: $0.username)] } ?? [],
            credits: course.credits, enrolled: 0, capacity: cancelled ? 0 : capacity(),
            schedule: SectionDetails.schedule(pattern, room: room),
            comments: random.chance(0.35) ? random.pick(SectionDetails.comments) : nil,
            finalExam: SectionDetails.finalExam(pattern, room: room, isSummer: isSummer, using: &random),
            termDates: SectionDetails.termDates(term, isSummer: isSummer, using: &random))
        let primary = PlannedSection(section: section, pattern: pattern, room: room, course: course.code)
        guard let twinCourse = DepartmentCatalog.crossListed.first(where: { $0.primary == course.code })?.twin else {
            return [primary]
        }
        return crossListed(primary, twinCourse: twinCourse, suffix: suffix)
    }

    /// The section and its twin, each naming the other in its comments.
    private mutating func crossListed(_ primary: PlannedSection, twinCourse: String, suffix: String) -> [PlannedSection] {
        var first = primary
        var twin = primary
        twin.section.id = SectionID("\(twinCourse)-\(suffix)")!
        twin.section.crn = String(takeCRN())
        twin.section.capacity = random.chance(0.3) ? 0 : capacity()
        let note = random.chance(0.5) ? " Inclusive Access Course Fee" : ""
        first.section.comments = "Cross-listed w/ \(twin.section.id)\(note)"
        twin.section.comments = "Cross-listed w/ \(first.section.id)\(note)"
        first.section.crossListedWith = [twin.section.id]
        twin.section.crossListedWith = [first.section.id]
        return [first, twin]
    }

    /// A time, room and teacher with no clash; TBA when none is found.
    private mutating func place(_ course: CatalogCourse, scheduledOnly: Bool) -> (MeetingPattern, String?, Person?) {
        let candidates = teachers(for: course.subject)
        for _ in 0..<30 {
            let pattern = MeetingPattern.random(credits: course.credits, scheduledOnly: scheduledOnly, using: &random)
            guard pattern.isScheduled else { return (pattern, nil, claim(candidates.first, cells: [])) }
            let room = random.chance(0.15) ? rooms[0] : random.pick(rooms)
            let cells = pattern.cells
            guard roomBusy[room, default: []].isDisjoint(with: cells) else { continue }
            guard let teacher = candidates.first(where: { teacherBusy[$0.username, default: []].isDisjoint(with: cells) })
            else { continue }
            roomBusy[room, default: []].formUnion(cells)
            return (pattern, room, claim(teacher, cells: cells))
        }
        return (.toBeAnnounced, nil, claim(candidates.first, cells: []))
    }

    /// Teachers of `subject` with room in their load, the busy demo instructor first.
    private mutating func teachers(for subject: String) -> [Person] {
        let open = faculty.filter {
            $0.subject == subject && load[$0.person.username, default: 0] < maxLoad(of: $0.person)
        }
        let busy = open.filter { $0.person.username == DemoExamples.standard.instructor }
        return (busy + open.filter { $0.person.username != DemoExamples.standard.instructor }.shuffled(using: &random))
            .map(\.person)
    }

    private func maxLoad(of person: Person) -> Int {
        person.username == DemoExamples.standard.instructor ? max(maxLoad, 5) : maxLoad
    }

    private mutating func claim(_ teacher: Person?, cells: [WeekCell]) -> Person? {
        guard let teacher else { return nil }
        load[teacher.username, default: 0] += 1
        teacherBusy[teacher.username, default: []].formUnion(cells)
        return teacher
    }

    private mutating func takeCRN() -> Int {
        defer { nextCRN += 1 }
        return nextCRN
    }

    private mutating func capacity() -> Int {
        Int((Double(random.pick([20, 24, 24, 30, 36])) * capacityScale).rounded())
    }
}
