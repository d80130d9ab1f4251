/// A term as a person names it on the command line: a code, or one relative to today.
public enum TermChoice: Hashable, Sendable, CustomStringConvertible {
    case code(TermCode)
    case current
    case next
    case previous

    /// Reads `202630`, `current`, `next` or `previous` (any case); `nil` otherwise.
    public init?(_ text: String) {
        switch text.lowercased() {
        case "current", "now": self = .current
        case "next": self = .next
        case "previous", "prev", "last": self = .previous
        default:
            guard let code = TermCode(text) else { return nil }
            self = .code(code)
        }
    }

    /// The term code meant, given the scheme and today's calendar date on campus.
    public func resolve(in scheme: TermScheme, year: Int, month: Int) -> TermCode {
        let current = scheme.current(year: year, month: month)
        switch self {
        case .code(let code): return code
        case .current: return current
        case .next: return scheme.next(after: current) ?? current
        case .previous: return scheme.previous(before: current) ?? current
        }
    }

    public var description: String {
        switch self {
        case .code(let code): code.rawValue
        case .current: "current"
        case .next: "next"
        case .previous: "previous"
        }
    }
}
