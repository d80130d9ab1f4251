import CampusCore

/// Reads a sections table (Course, CRN, Course Title, Instructor, CrHrs, Enrl,
/// Cap, Term Schedule, Comments, Final Exam Schedule, Term Dates), columns found by header text.
struct SectionsTableReader {
    let definition: RegistrarDefinition
    let source: String
    let meetings: MeetingStringParser
    let bareNumbers: MeetingStringParser.BareNumbers

    /// The sections of `table`, and a warning for every cell that could not be read.
    func read(_ table: DataTable) -> (sections: [Section], warnings: [ScrapeWarning]) {
        let columns = definition.sectionColumns.locate(normalised: table.normalisedHeaders)
        let instructors = InstructorCellReader(rules: definition.instructors, idParameter: definition.recognition.idParameter)
        let exams = FinalExamReader(grammar: definition.meetings)
        let crossListing = CrossListingReader(markers: definition.meetings.crossListingMarkers)
        var sections: [Section] = []
        var warnings: [ScrapeWarning] = []
        for (rowIndex, row) in table.rows.enumerated() {
            let cells = RowCells(cells: row.rowCells)
            guard !cells.cells.isEmpty else { continue }
            guard let courseText = cells.text(columns[.course]) else {
                warnings.append(ScrapeWarning(source: source, message: "sections table row \(rowIndex + 1) has no course id; skipped (the page may be cut short)"))
                continue
            }
            guard let id = SectionID(courseText) else {
                warnings.append(ScrapeWarning(source: source, message: "sections table row \(rowIndex + 1): '\(courseText)' is not a section id; skipped"))
                continue
            }
            func warn(_ message: String) {
                warnings.append(ScrapeWarning(source: source, section: id.rawValue, message: message))
            }
            if cells.cells.count < table.headers.count {
                warn("the row has \(cells.cells.count) of \(table.headers.count) cells; the page may be cut short")
            }
            func number(_ column: SectionColumn) -> Int? {
                cells.text(columns[column]).flatMap { SectionCount.read($0, named: column.rawValue, warn: warn) }
            }
            let scheduleText = cells.cell(columns[.schedule]).map(\.text) ?? ""
            let schedule = meetings.parse(scheduleText, bareNumbers: bareNumbers)
            for part in schedule.unreadable { warn("cannot read the meeting '\(part)' of '\(scheduleText)'; kept as printed") }
            var exam: FinalExam?
            if let examText = cells.text(columns[.finalExam]), let reading = exams.read(examText) {
                exam = reading.exam
                if !reading.readable { warn("cannot read the final exam '\(examText)'; kept as printed") }
            }
            let comments = cells.text(columns[.comments])
            sections.append(Section(
                id: id, crn: cells.text(columns[.crn]), title: cells.text(columns[.title]) ?? "",
                instructors: cells.cell(columns[.instructor]).map(instructors.read) ?? [],
                credits: number(.credits), enrolled: number(.enrolled), capacity: number(.capacity),
                schedule: schedule, comments: comments, finalExam: exam, termDates: cells.text(columns[.termDates]),
                crossListedWith: comments.map(crossListing.sections(in:)) ?? []))
        }
        return (sections, warnings)
    }
}
