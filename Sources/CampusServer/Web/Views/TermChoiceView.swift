import CampusCore
import CampusLookup

/// The terms a page can be looked at in, for its term picker, the one shown selected.
struct TermChoiceView: Encodable, Sendable {
    var options: [Choice]

    /// The indexed terms, `shown` selected.
    init(_ terms: [Term], shown: TermCode?) {
        options = terms.map { Choice(value: $0.code.rawValue, label: $0.name, selected: $0.code == shown) }
    }
}
