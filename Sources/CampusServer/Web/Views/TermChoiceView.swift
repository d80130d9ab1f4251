import CampusCore
import CampusLookup

/// The terms a page can be looked at in, for its term picker, the one shown selected.
struct TermChoiceView: Sendable {
    struct Option: Sendable {
        var code: String
        var name: String
        var selected: Bool
    }

    var options: [Option]

    /// The indexed terms, newest first, `shown` selected.
    init(_ listings: [TermListing], shown: TermCode?) {
        options = listings.filter { $0.summary != nil }.map {
            Option(code: $0.term.code.rawValue, name: $0.term.name, selected: $0.term.code == shown)
        }
    }
}
