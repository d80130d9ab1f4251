internal import CampusIndex
import CampusCore
import Foundation

extension CampusContext {
    /// The term a lookup is about, decided once per lookup.
    ///
    /// A term given must be in the index. Without one: the current term when the
    /// index holds it (and, for a person, when they have classes in it), else the
    /// newest such term; `nil` when the index holds no term (a directory-only index).
    ///
    /// - Parameters:
    ///   - text: `--term` as typed: a code (`202630`), a name (`spring 2026`,
    ///     `Spring 2025-2026`), or `current`, `next`, `previous`.
    ///   - reader: the lookup's read of the index.
    ///   - username: the person looked up, when the lookup is about one.
    ///   - now: the present moment.
    /// - Throws: ``CampusError/badTerm(_:)`` for text that is no term,
    ///   ``CampusError/unknownTerm(_:known:)`` for a term the index lacks.
    func resolveTerm(_ text: String?, _ reader: IndexReader, for username: String? = nil, now: Date) throws(CampusError) -> Term? {
        let personal = try username.map { username throws(CampusError) in try lookingUp { try reader.terms(for: username) } } ?? []
        return try resolveTerm(text, reader, among: personal, now: now)
    }

    /// ``resolveTerm(_:_:for:now:)`` with the person's terms given (`personal`: the terms of the
    /// classes a lookup may show of them; empty for a lookup about no one).
    func resolveTerm(_ text: String?, _ reader: IndexReader, among personal: [TermCode], now: Date) throws(CampusError) -> Term? {
        let held = try lookingUp { try reader.heldTerms() }
        if let text {
            if let named = held.first(where: { $0.isNamed(text) }) { return named }
            let scheme = try termClock(reader).scheme
            guard let code = try termCode(text, reader, now: now) else {
                // No term's dates tell a relative word: `current` is the default term, the others unknown.
                if TermChoice(text) == .current { return try resolveTerm(nil, reader, among: personal, now: now) }
                throw .unknownTerm(text, known: held.map(\.code.rawValue))
            }
            guard let term = held.first(where: { $0.code == code }) else {
                // A code the registrar's scheme has no season for (202650, 0) is no term at all,
                // not one to sync: only the index may hold such a code.
                if !scheme.namesTermsItself, scheme.name(of: code) == nil { throw .badTerm(text) }
                throw .unknownTerm(code.rawValue, known: held.map(\.code.rawValue))
            }
            return term
        }
        var candidates = held
        if !personal.isEmpty { candidates = held.filter { personal.contains($0.code) } }
        guard !candidates.isEmpty else { return nil }
        let current = try termClock(reader).resolve(.current, secondsSince1970: now.secondsSince1970)
        return candidates.first { $0.code == current } ?? candidates.max { $0.code < $1.code }
    }

    /// ``resolveTerm(_:_:for:now:)`` for a lookup that cannot do without a term.
    ///
    /// - Throws: ``CampusError/noTerms`` when the index holds none.
    func requireTerm(_ text: String?, _ reader: IndexReader, for username: String? = nil, now: Date) throws(CampusError) -> Term {
        guard let term = try resolveTerm(text, reader, for: username, now: now) else { throw .noTerms }
        return term
    }

    /// The code `text` names: read without the term scheme when it is a code or a
    /// relative word, with it when it is a name; `nil` when the campus's registrar names its
    /// own terms and no term's dates tell which one a relative word means.
    func termCode(_ text: String, _ reader: IndexReader, now: Date) throws(CampusError) -> TermCode? {
        if let choice = TermChoice(text), case .code(let code) = choice { return code }
        let clock = try termClock(reader)
        guard let choice = TermChoice(text, scheme: clock.scheme) else { throw .badTerm(text) }
        return clock.resolve(choice, secondsSince1970: now.secondsSince1970)
    }
}

extension Date {
    /// Whole seconds since 1970, as the campus clock takes them.
    var secondsSince1970: Int64 { Int64(timeIntervalSince1970.rounded(.down)) }
}
