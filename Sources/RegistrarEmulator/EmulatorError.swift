/// Why the emulator could not start.
public struct EmulatorError: Error, CustomStringConvertible, Sendable {
    /// What went wrong and what to do about it.
    public let message: String

    /// The message, as the front end shows it.
    public var description: String { message }
}
