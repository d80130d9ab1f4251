import CampusCore

/// One favorite as `campus favorites list` shows it: the person, their classes
/// in their current term (else their newest), and where they are now or next.
public struct FavoriteStatus: Sendable {
    /// The stored favorite.
    public var favorite: Favorite
    /// The person; `nil` when the index does not hold them any more.
    public var person: Person?
    /// The term the classes are from; `nil` when the person has classes in no indexed term.
    public var term: Term?
    /// Their sections in ``term``.
    public var sections: [ScheduledSection]
    /// Where they are now or next in the weekly schedule of ``term``.
    public var whereabouts: Whereabouts?
}
