import CampusLookup

/// A mistake in what a form asked (a time that does not fit, a username no one has): said
/// on the form itself, with close matches, rather than on an error page.
struct FormMistake: Encodable, Sendable {
    var detail: String
    /// Close matches of what was typed (`valer, vale`).
    var closeMatches: String?

    /// The mistake `error` is, when it is one of the asking rather than of access or the index.
    init?(_ error: CampusError) {
        switch error {
        case .invalidParameter, .unknownPeople, .emptyGroup, .noMatch, .noMeetingTime, .outsideTerm, .badTerm, .unknownTerm: break
        default: return nil
        }
        let shape = ProblemShape(error)
        detail = WebErrorMiddleware.sentence(shape.detail)
        closeMatches = shape.suggestions.isEmpty ? nil : shape.suggestions.prefix(10).joined(separator: ", ")
    }
}
