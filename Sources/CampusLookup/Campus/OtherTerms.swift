internal import CampusIndex
import CampusCore

extension CampusContext {
    /// When a lookup finds nothing in `term`: ``CampusError/notInTerm(what:query:term:elsewhere:)``
    /// when other terms the index holds have it (`holds` asked of each, newest first), so the
    /// answer says which term to ask; else `otherwise`, the lookup's own no-match.
    func notFound(
        _ what: String, query: String, in term: Term, _ reader: IndexReader, otherwise: CampusError,
        holds: (TermCode) throws -> Bool
    ) throws -> CampusError {
        let elsewhere = try reader.heldTerms().filter { $0.code != term.code }.sorted { $0.code > $1.code }.filter { try holds($0.code) }
        return elsewhere.isEmpty ? otherwise : .notInTerm(what: what, query: query, term: term, elsewhere: elsewhere)
    }
}
