import CampusCore

/// The consents that reach one caller from the people a lookup asks about, read from the
/// user-state store just before the index (so a revoked consent counts at once).
struct GivenConsents: Sendable {
    private let byGrantor: [String: [Consent]]
    /// Grantors the directory suppresses whom only their consent shows the caller: shown by
    /// username and name alone, their consent naming their schedule and nothing else.
    let shownByConsentOnly: Set<String>

    init(_ consents: [Consent], shownByConsentOnly: Set<String> = []) {
        byGrantor = Dictionary(grouping: consents, by: \.grantor)
        self.shownByConsentOnly = shownByConsentOnly
    }

    /// None: nobody consented, or the policy gives consent no say.
    static let none = GivenConsents([])

    /// Whether `grantor` consented to show the caller their schedule of `term` (of some term, when `nil`).
    func reach(_ grantor: String, term: TermCode?) -> Bool {
        byGrantor[grantor.lowercased()]?.contains { $0.covers(term: term) } ?? false
    }

    /// Whether `grantor` consented to show their schedule of `term` to `audience` (a group, say).
    func reach(_ grantor: String, term: TermCode, as audience: Consent.Audience) -> Bool {
        byGrantor[grantor.lowercased()]?.contains { $0.audience == audience && $0.covers(term: term) } ?? false
    }

    /// Whether `grantor` consented to the caller by name, for every term.
    func namesCaller(_ grantor: String) -> Bool {
        byGrantor[grantor.lowercased()]?.contains { consent in
            guard case .person = consent.audience else { return false }
            return consent.term == nil
        } ?? false
    }

    /// The consents' ids, sorted and joined: what an answer made under them was made under.
    var tag: String { byGrantor.values.flatMap { $0.map(\.id) }.sorted().joined(separator: ",") }

    /// Everyone who consented.
    var grantors: Dictionary<String, [Consent]>.Keys { byGrantor.keys }
}

extension Person {
    /// The person as a consent alone shows them when the directory suppresses them: username and name.
    var shownByConsent: Person {
        Person(username: username, name: name)
    }
}
