import CampusCore

/// `campus overlay`: several people's weeks in one term laid over one another.
public struct OverlayAnswer: Sendable {
    /// The term looked at.
    public var term: Term
    /// The overlay; its members' ids are usernames.
    public var overlay: Overlay
    /// The people, by username, for names in the answer.
    public var people: [String: Person]
    /// Usernames with no classes in the term: counted as free all week.
    public var notEnrolled: [String]
    /// Members of a favorites group the index no longer knows (or the directory suppresses): left out.
    public var leftOut: [String]
    /// People whose week the overlay may not use (a shared link shows nobody's week by a
    /// role of its owner's): their times are not laid over.
    public var notShared: [String] = []
}
