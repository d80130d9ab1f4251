import CampusCore

/// What reading an answer back from its API shape shares: the error for a value no answer
/// of ours holds (a server of another kind, or a broken one), and the values of the shapes'
/// own text forms.
enum ShapeReading {
    /// The server's answer held `value` where `what` belongs.
    static func unreadable(_ what: String, _ value: String) -> CampusError {
        .failed("the campus server answered with '\(VisibleText.escaped(String(value.prefix(80))))' where \(what) belongs: "
            + "it may be of another version than this campus command (campus --version)")
    }

    /// The days `first` through `last` (`2026-03-02`), `nil` when neither is given.
    static func dates(_ first: String?, _ last: String?) throws(CampusError) -> DateRange? {
        guard first != nil || last != nil else { return nil }
        guard let from = first.flatMap({ CalendarDate(iso: $0) }), let to = last.flatMap({ CalendarDate(iso: $0) }) else {
            throw unreadable("days of meeting", "\(first ?? "")..\(last ?? "")")
        }
        return DateRange(first: from, last: to)
    }

    /// The day a shape writes as the registrar's letter (`R`).
    static func day(_ letter: String) throws(CampusError) -> Weekday {
        guard letter.count == 1, let first = letter.first, let day = Weekday(letter: first) else { throw unreadable("a day", letter) }
        return day
    }

    /// The slot of `day` from `start` to `end`.
    static func slot(_ day: String, _ start: ClockTime, _ end: ClockTime) throws(CampusError) -> OverlaySlot {
        OverlaySlot(day: try Self.day(day), start: start, end: end)
    }

    /// The term `shape` names.
    static func term(_ shape: TermShape) throws(CampusError) -> Term {
        guard let code = TermCode(shape.code) else { throw unreadable("a term", shape.code) }
        return Term(code: code, name: shape.name)
    }
}
