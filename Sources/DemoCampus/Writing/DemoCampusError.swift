/// A failure writing the saved pages, saying which path and what to do.
public struct DemoCampusError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, for a person to act on.
    public let message: String

    /// The message, as the front end shows it.
    public var description: String { message }
}
