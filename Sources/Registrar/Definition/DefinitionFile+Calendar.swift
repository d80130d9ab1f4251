import CampusCore

extension DefinitionFile {
    /// `calendar:`: the campus's UTC offsets, exam length and term calendars.
    struct CalendarSection: Codable {
        var standardOffset: String
        var daylightOffset: String?
        var examMinutes: Int
        var terms: [String: TermDays]
    }

    /// One term under `calendar.terms`, keyed by its code.
    struct TermDays: Codable {
        var firstDay: CalendarDate
        var lastDay: CalendarDate
        var finals: CalendarDate?
        var breaks: [Break]?
    }

    /// `{ name: Fall break, from: "2025-10-09", to: "2025-10-10" }`; `to` defaults to `from`.
    struct Break: Codable {
        var name: String
        var from: CalendarDate
        var to: CalendarDate?
    }
}

extension DefinitionCompiler {
    func calendar(_ raw: DefinitionFile.CalendarSection, timeZone: String) throws(DefinitionError) -> CampusCalendar {
        guard let standard = CampusTimeZone.minutes(fromOffset: raw.standardOffset) else {
            throw invalid("calendar.standardOffset", "'\(raw.standardOffset)' is not a UTC offset such as \"-0500\"")
        }
        let daylight = try raw.daylightOffset.map { (text) throws(DefinitionError) in
            guard let minutes = CampusTimeZone.minutes(fromOffset: text) else {
                throw invalid("calendar.daylightOffset", "'\(text)' is not a UTC offset such as \"-0400\"")
            }
            return minutes
        }
        guard (1...(24 * 60)).contains(raw.examMinutes) else {
            throw invalid("calendar.examMinutes", "\(raw.examMinutes) is not a length in minutes such as 180")
        }
        var terms: [TermCode: TermCalendar] = [:]
        for (code, days) in raw.terms {
            let key = "calendar.terms.\(code)"
            guard let term = TermCode(code) else { throw invalid(key, "'\(code)' is not a term code such as \"202630\"") }
            guard days.firstDay <= days.lastDay else {
                throw invalid("\(key).lastDay", "\(days.lastDay) is before firstDay \(days.firstDay)")
            }
            var breaks: [DateRange] = []
            for (index, pause) in (days.breaks ?? []).enumerated() {
                let last = pause.to ?? pause.from
                guard pause.from <= last else {
                    throw invalid("\(key).breaks[\(index)].to", "\(last) is before from \(pause.from) (\(pause.name))")
                }
                breaks.append(DateRange(first: pause.from, last: last))
            }
            if let finals = days.finals, finals <= days.lastDay {
                throw invalid("\(key).finals", "\(finals) is not after lastDay \(days.lastDay)")
            }
            terms[term] = TermCalendar(classes: DateRange(first: days.firstDay, last: days.lastDay),
                                       breaks: breaks, finalsStart: days.finals)
        }
        return CampusCalendar(
            timeZone: CampusTimeZone(name: timeZone, standardOffset: standard, daylightOffset: daylight),
            examMinutes: raw.examMinutes, terms: terms)
    }
}
