import CampusCore

/// The consents that reach one caller from the people a lookup asks about, read from the
/// user-state store just before the index (so a revoked consent counts at once), a section's
/// already checked against who attends it.
struct GivenConsents: Sendable {
    private let byGrantor: [String: [Consent]]

    init(_ consents: [Consent]) {
        byGrantor = Dictionary(grouping: consents, by: \.grantor)
    }

    /// None: nobody consented, or the policy gives consent no say.
    static let none = GivenConsents([])

    /// Whether `grantor` consented to show the caller their schedule of `term` (of some term, when `nil`).
    func reach(_ grantor: String, term: TermCode?) -> Bool {
        byGrantor[grantor.lowercased()]?.contains { $0.covers(term: term) } ?? false
    }

    /// The consents' ids, sorted.
    var ids: [String] { byGrantor.values.flatMap { $0.map(\.id) }.sorted() }

    /// Everyone who consented: a read for the caller shows them although the directory
    /// suppresses them, their consent being theirs to give.
    var grantors: Dictionary<String, [Consent]>.Keys { byGrantor.keys }
}
