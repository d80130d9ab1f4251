import CampusCore

/// How one term fared in a registrar sync or a reparse: swapped in, or kept as it was.
public enum TermResult: Sendable {
    /// The term was replaced; what changed.
    case replaced(TermSwapReport)
    /// The index kept what it held for the term, for this reason.
    case kept(CampusError)

    /// The swap report, when the term was replaced.
    public var swap: TermSwapReport? {
        if case .replaced(let report) = self { report } else { nil }
    }

    /// Why the term was kept, when it was.
    public var failure: CampusError? {
        if case .kept(let error) = self { error } else { nil }
    }
}
