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
