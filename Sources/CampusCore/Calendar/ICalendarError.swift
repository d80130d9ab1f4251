/// Why a calendar file could not be read, naming its line.
public struct ICalendarError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The 1-based line of the file where the offending content line starts.
    public var line: Int
    /// What is wrong there and how to fix it.
    public var problem: String

    /// The error at file line `line`, saying `problem`.
    public init(line: Int, problem: String) {
        self.line = line
        self.problem = problem
    }

    public var description: String { "line \(line): \(problem)" }
}
