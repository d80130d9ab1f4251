import CampusCore

/// Every page of one term, rendered one at a time and handed to a sink.
struct TermPageSet {
    let index: TermIndex
    let faculty: [String: Person]
    let selection: PageSelection
    /// Whether students' schedule pages are written this term.
    var includeStudents = true

    init(index: TermIndex, faculty: [String: Person], selection: PageSelection) {
        self.index = index
        self.faculty = faculty
        self.selection = selection
    }

    /// Calls `sink` with each page's file name (relative to the term folder) and text, in a fixed order.
    func render(into sink: (String, String) throws(DemoCampusError) -> Void) throws(DemoCampusError) {
        let term = index.term
        for subject in DepartmentCatalog.all.map(\.subject) {
            let sections = index.sections(of: subject)
            guard !sections.isEmpty else { continue }
            try sink("Course-\(subject).html", ListingPages.courseSearch(prefix: subject, sections: sections, term: term))
        }
        for section in index.sections {
            let students = index.roster[section.id] ?? []
            let page = RosterPage.render(id: section.id.rawValue, sections: [section], students: students, term: term)
            try sink("Roster-\(section.id).html", page)
        }
        try renderWholeCourseRosters(into: sink)
        for teacher in faculty.values.sorted(by: { $0.username < $1.username }) {
            let sections = index.teaching[teacher.username] ?? []
            try sink("Instructor-\(teacher.username).html", SchedulePages.instructor(teacher, sections: sections, term: term))
        }
        if includeStudents {
            for student in index.students {
                let advisor = student.advisorUsername.flatMap { faculty[$0] }
                let sections = index.studentSections[student.username] ?? []
                let page = SchedulePages.student(student, advisor: advisor, sections: sections, term: term)
                try sink("Username-\(student.username).html", page)
            }
        }
        for room in selection.rooms {
            let sections = index.sections(in: room)
            guard !sections.isEmpty else { continue }
            try sink("Room-\(room).html", ListingPages.room(room, sections: sections, term: term))
        }
        for section in csvSections() {
            let csv = RosterDownload.render(section, students: index.roster[section.id] ?? [], term: term)
            try sink("Roster-\(section.id).csv", csv)
        }
        for (lastName, people) in lastNameSearches() {
            try sink("LastName-\(lastName).html", LastNamePage.render(lastName: lastName, people: people, term: term))
        }
    }

    private func renderWholeCourseRosters(into sink: (String, String) throws(DemoCampusError) -> Void) throws(DemoCampusError) {
        var courses: [String] = []
        for section in index.sections where selection.wholeCourseRosterSubjects.contains(section.id.subject) {
            if courses.last != section.id.course { courses.append(section.id.course) }
        }
        for course in courses {
            let sections = index.sections.filter { $0.id.course == course }
            guard sections.count >= 2 else { continue }
            var seen: Set<String> = []
            let students = sections.flatMap { index.roster[$0.id] ?? [] }
                .filter { seen.insert($0.username).inserted }
                .sorted { ($0.bannerID ?? "", $0.username) < ($1.bannerID ?? "", $1.username) }
            let page = RosterPage.render(id: course, sections: sections, students: students, term: index.term)
            try sink("Roster-\(course).html", page)
        }
    }

    /// The demo student's sections first, then the first sections with students.
    private func csvSections() -> [Section] {
        let demo = index.studentSections[DemoExamples.standard.student] ?? []
        let others = index.sections.filter { !(index.roster[$0.id] ?? []).isEmpty && !demo.contains($0) }
        return Array((demo + others).prefix(selection.csvSectionsPerTerm))
    }

    /// Last names shared by the most people this term, then the demo student's.
    private func lastNameSearches() -> [(String, [Person])] {
        let people = faculty.values.sorted { $0.username < $1.username } + index.students
        let byLast = Dictionary(grouping: people) { String(($0.name ?? "").split(separator: " ").last ?? "") }
        let demoLast = byLast.first { $0.value.contains { $0.username == DemoExamples.standard.student } }?.key
        let shared = byLast.filter { $0.value.count > 1 && $0.key != demoLast }
            .sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
            .prefix(max(0, selection.lastNamePagesPerTerm - (demoLast == nil ? 0 : 1)))
        let chosen = (demoLast.map { [$0] } ?? []) + shared.map(\.key)
        return chosen.map { name in (name, byLast[name]!.sorted { $0.username < $1.username }) }
    }
}
