/// Why an overlay could not be computed, told so a person can fix it.
public enum OverlayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nobody to lay over.
    case noMembers
    /// More people than the limit allows.
    case tooManyMembers(count: Int, limit: Int)
    /// No day to look at.
    case noDays
    /// A minimum slot length that is not a positive number of minutes.
    case badMinimum(Int)

    public var description: String {
        switch self {
        case .noMembers:
            "nobody to overlay: the usernames, groups and roster given hold nobody (a section with no students?)."
        case .tooManyMembers(let count, let limit):
            "an overlay takes at most \(limit) \(limit == 1 ? "person" : "people") and this one has \(count)."
        case .noDays:
            "no days to look at."
        case .badMinimum(let minutes):
            "a slot must last at least one minute, not \(minutes)."
        }
    }
}
