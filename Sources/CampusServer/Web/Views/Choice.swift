import CampusCore

/// One option of a select, a radio group or a row of checkboxes: what it sends, what it
/// says, and whether it is chosen.
struct Choice: Encodable, Sendable {
    var value: String
    var label: String
    var selected: Bool
}

extension Choice {
    /// The lengths a meeting or a free room is looked for: 30 minutes to 3 hours.
    static func lengths(selected minutes: Int) -> [Choice] {
        [30, 50, 60, 90, 120, 180].map { Choice(value: String($0), label: DurationText.text($0), selected: $0 == minutes) }
    }

    /// The days of the week by their registrar letters.
    static func days(selected: Set<Weekday>) -> [Choice] {
        Weekday.allCases.map { Choice(value: String($0.letter), label: $0.name, selected: selected.contains($0)) }
    }
}
