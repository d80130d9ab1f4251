import CampusCore

extension ScheduleAnswer {
    /// The schedule `shape` holds, as the server showed it to the caller.
    static func shown(_ shape: ScheduleShape) throws(CampusError) -> Shown<ScheduleAnswer> {
        let answer = ScheduleAnswer(term: try ShapeReading.term(shape.term), person: Person(shape.person),
                                    sections: try shape.sections.map(ScheduledSection.init))
        return Shown(answer, withheld: shape.person.withheld)
    }
}

extension HistoryAnswer {
    /// The history `shape` holds, as the server showed it to the caller.
    static func shown(_ shape: HistoryShape) throws(CampusError) -> Shown<HistoryAnswer> {
        let terms = try shape.terms.map { term throws(CampusError) in
            HistoryAnswer.TermSections(term: try ShapeReading.term(term.term), sections: try term.sections.map(ScheduledSection.init))
        }
        return Shown(HistoryAnswer(person: Person(shape.person), terms: terms), withheld: shape.person.withheld)
    }
}

extension RosterAnswer {
    /// The roster `shape` holds, as the server showed it to the caller (the directory's given
    /// and family names are not in the shape: the server's CSV carries them).
    static func shown(_ shape: RosterShape) throws(CampusError) -> Shown<RosterAnswer> {
        let students = try shape.students.map { student throws(CampusError) in
            guard let section = SectionID(student.value) else { throw ShapeReading.unreadable("a section id", student.value) }
            return Student(person: Person(student.base), section: section)
        }
        let answer = RosterAnswer(term: try ShapeReading.term(shape.term), sections: try shape.sections.map(Section.init), students: students)
        return Shown(answer, withheld: shape.students.first?.base.withheld ?? [])
    }
}
