import CampusCore

/// What a directory sync hands the index next: people read, a restart of the read,
/// or the end with the sync's outcome.
public enum DirectoryBatch: Sendable {
    /// People read from the directory (a username given again replaces its earlier value).
    case people([DirectoryPerson])
    /// The read starts over (a lost connection): everything written since the sync began is undone.
    case restart
    /// The read is complete: `kind` says whether people not read are removed; `state` is stored
    /// (`source`, `kind`, `highWater`, `cookie` as given; the dates and counts set by the commit);
    /// `optOuts`, when the directory marks opt-outs by a group, are its members' usernames
    /// (lower-cased): everyone's opt-out is set from them, people not read included.
    case finish(DirectorySyncKind, state: DirectorySyncState, optOuts: Set<String>?)
}
