/// A day of the week as registrars write it: `M T W R F S U`.
public enum Weekday: Int, CaseIterable, Codable, Sendable, Comparable, CustomStringConvertible {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The registrar's one-letter code (`R` is Thursday, `U` Sunday).
    public var letter: Character {
        switch self {
        case .monday: "M"
        case .tuesday: "T"
        case .wednesday: "W"
        case .thursday: "R"
        case .friday: "F"
        case .saturday: "S"
        case .sunday: "U"
        }
    }

    /// The upper-case name used by the registrar's TERM GRID (`MONDAY`).
    public var name: String {
        switch self {
        case .monday: "Monday"
        case .tuesday: "Tuesday"
        case .wednesday: "Wednesday"
        case .thursday: "Thursday"
        case .friday: "Friday"
        case .saturday: "Saturday"
        case .sunday: "Sunday"
        }
    }

    /// Reads a one-letter day code.
    public init?(letter: Character) {
        // Compared as strings: upper case may be more than one letter (`ß` is `SS`).
        guard let day = Weekday.allCases.first(where: { String($0.letter) == letter.uppercased() }) else {
            return nil
        }
        self = day
    }

    /// Reads a day from its name or a prefix of at least two letters (`Mon`, `tuesday`).
    public init?(name: String) {
        let lowered = name.lowercased()
        guard lowered.count >= 2,
              let day = Weekday.allCases.first(where: { $0.name.lowercased().hasPrefix(lowered) })
        else { return nil }
        self = day
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { String(letter) }
}

extension Array where Element == Weekday {
    /// The days as the registrar writes them, in week order: `MTRF`.
    public var letters: String { String(sorted().map(\.letter)) }

    /// Reads a run of day letters such as `MTRF`; `nil` when any letter is not a day.
    public init?(letters: some StringProtocol) {
        var days: [Weekday] = []
        for character in letters {
            guard let day = Weekday(letter: character) else { return nil }
            if !days.contains(day) { days.append(day) }
        }
        guard !days.isEmpty else { return nil }
        self = days.sorted()
    }
}
