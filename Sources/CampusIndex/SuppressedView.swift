/// Whom a read shows although the directory suppresses them (the FERPA opt-out).
///
/// A suppressed person exists for nobody but themselves and the registrar: a read
/// made for anyone else leaves them out of every answer, as if unknown.
public enum SuppressedView: Sendable, Hashable {
    /// Nobody suppressed is shown (every lookup of the CLI; any other caller).
    case hidden
    /// The one person is shown to themselves.
    case person(String)
    /// Everyone is shown (the registrar).
    case everyone

    /// Whether a suppressed `username` is shown to this read.
    public func reveals(_ username: String) -> Bool {
        switch self {
        case .hidden: false
        case .person(let person): person.lowercased() == username.lowercased()
        case .everyone: true
        }
    }

    /// What the read puts in `temp.revealed`, where SQL looks: a username, `*` for everyone.
    var marker: String? {
        switch self {
        case .hidden: nil
        case .person(let person): person.lowercased()
        case .everyone: "*"
        }
    }
}
