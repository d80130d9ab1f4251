/// Whom a read shows although the directory suppresses them (the FERPA opt-out).
///
/// A suppressed person exists for nobody but themselves and the registrar: a read
/// made for anyone else leaves them out of every answer, as if unknown.
public enum SuppressedView: Sendable, Hashable {
    /// Nobody suppressed is shown (every lookup of the CLI; any other caller).
    case hidden
    /// The one person is shown to themselves.
    case person(String)
    /// These people are shown: the caller and those who consented to show them their schedules.
    case people(Set<String>)
    /// Everyone is shown (the registrar).
    case everyone

    /// Whether a suppressed `username` is shown to this read.
    public func reveals(_ username: String) -> Bool {
        switch self {
        case .hidden: false
        case .person(let person): person.lowercased() == username.lowercased()
        case .people(let people): people.contains(username.lowercased())
        case .everyone: true
        }
    }

    /// This view and `others` shown too.
    public func revealing(_ others: some Sequence<String>) -> SuppressedView {
        switch self {
        case .hidden: .people(Set(others.map { $0.lowercased() }))
        case .person(let person): .people(Set(others.map { $0.lowercased() }).union([person.lowercased()]))
        case .people(let people): .people(people.union(others.map { $0.lowercased() }))
        case .everyone: .everyone
        }
    }

    /// What the read puts in `temp.revealed`, where SQL looks: usernames, `*` for everyone.
    var markers: [String] {
        switch self {
        case .hidden: []
        case .person(let person): [person.lowercased()]
        case .people(let people): people.map { $0.lowercased() }
        case .everyone: ["*"]
        }
    }
}
