import CampusCore

/// Writes the registrar's side of the index: whole terms swapped in, pages merged
/// into a term, and the terms the registrar offers.
///
/// ```swift
/// let report = try index.terms.replace(snapshot, force: false, now: .now)
/// ```
public struct TermStore: Sendable {
    let database: CampusDatabase
}
