import CampusCore

extension RegistrarDefinition {
    /// The term scheme and the campus time zone.
    public var termClock: TermClock { TermClock(scheme: termScheme, zone: calendar.timeZone) }

    /// What lookups need of this definition, to be stored in the index with the data.
    public var campusDescription: CampusDescription {
        let student = linkTemplate(.student), instructor = linkTemplate(.instructor)
        return CampusDescription(
            name: name, termScheme: termScheme, calendar: calendar,
            scheduleLinks: student.flatMap { student in instructor.map { ScheduleLinks(student: student, instructor: $0) } })
    }

    /// The path and query of a GET lookup below the registrar's base URL, values
    /// form-encoded and `{term}`, `{id}` left in place; `nil` for a form post.
    func linkTemplate(_ kind: LookupKind) -> String? {
        let template = requests[kind]
        guard template.method == "GET", template.body == nil else { return nil }
        let query = template.query.map { item in
            RegistrarRequest.encode(item.name) + "=" + item.value.pieces.map { piece in
                switch piece {
                case .literal(let text): RegistrarRequest.encode(text)
                case .term: "{term}"
                case .id: "{id}"
                }
            }.joined()
        }
        return template.path + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}
