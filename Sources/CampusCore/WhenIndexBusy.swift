/// What a sync or import does when another process is writing the same index:
/// wait for it (saying so once), or give up at once.
public enum WhenIndexBusy: Sendable {
    /// Wait until the other writer is done; `notice` is told once, with who holds the index.
    case wait(notice: @Sendable (String) -> Void)
    /// Give up at once with an error naming who holds the index.
    case refuse
}
