import CampusCore
import CampusIndex
import Foundation

extension CampusContext {
    /// The term a lookup is about.
    ///
    /// A named term must be in the index. Without one: the current term when
    /// the index holds it (and, for a person, when they have classes in it),
    /// else the newest such term.
    ///
    /// - Parameters:
    ///   - choice: `--term`, when given.
    ///   - store: the open index.
    ///   - username: the person looked up, when the lookup is about one.
    ///   - now: the present moment.
    public func resolveTerm(
        _ choice: TermChoice?, in store: CampusIndexStore, for username: String? = nil, now: Date
    ) throws -> Term {
        let held = try store.terms().map(\.term)
        let (year, month) = campusDate(now)
        if let choice {
            let code = choice.resolve(in: definition.termScheme, year: year, month: month)
            guard let term = held.first(where: { $0.code == code }) else {
                throw CampusError.unknownTerm(code.rawValue, known: held.map(\.code.rawValue))
            }
            return term
        }
        var candidates = held
        if let username {
            let personal = Set(try store.terms(for: username))
            if !personal.isEmpty { candidates = held.filter { personal.contains($0.code) } }
        }
        let current = definition.termScheme.current(year: year, month: month)
        if let term = candidates.first(where: { $0.code == current }) { return term }
        guard let newest = candidates.max(by: { $0.code < $1.code }) else {
            throw CampusError.unknownTerm("current", known: [])
        }
        return newest
    }
}
