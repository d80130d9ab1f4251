import CampusCore

/// `campus overlay`: several people's weeks laid over one another in one term.
public struct OverlayAnswer: Sendable {
    /// The term looked at.
    public var term: Term
    /// The overlay; its members' ids are usernames.
    public var overlay: Overlay
    /// The people, by username, for names in the answer.
    public var people: [String: Person]
    /// Usernames with no classes in the term: counted as free all week.
    public var notEnrolled: [String]
    /// Members of a favorites group the index no longer knows: left out.
    public var leftOut: [String]
}

/// People an overlay was asked for whom the index does not know.
public struct UnknownPeopleError: Error, CustomStringConvertible {
    /// Each unknown username with its close matches.
    public var unknown: [(username: String, suggestions: [String])]

    public var description: String {
        let names = unknown.map { entry in
            "'\(entry.username)'" + (entry.suggestions.isEmpty ? "" : " (did you mean: \(entry.suggestions.joined(separator: ", "))?)")
        }
        return "no person matches \(names.joined(separator: ", ")). Find usernames with `campus search NAME`."
    }
}
