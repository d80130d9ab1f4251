import CampusCore

/// A student on a roster, as ``IndexReader/roster(_:term:)`` reads them.
public struct RosterReading: Sendable {
    /// The student as shown: the term's record with the directory's entry laid over it.
    public var person: Person
    /// Their directory entry, when the directory knows them (never one that hides them).
    public var directory: DirectoryPerson?
    /// The row is of whoever held the username before its present holder: the username names
    /// someone else now, so nothing of theirs (card, week) goes with it.
    public var heldBefore = false
}
