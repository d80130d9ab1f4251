import Foundation

/// A condition a test waited for that never came about: the test fails with its name rather than hangs.
public struct NeverHappened: Error, CustomStringConvertible {
    /// What was waited for.
    public let description: String
}

/// Waits until `condition` holds, looking every tenth of a second; throws `NeverHappened(what)`
/// once `limit` has passed. The limit catches a hang; it is not a timing that can flake.
public func eventually(
    _ what: String, within limit: Duration = .seconds(180), _ condition: () async throws -> Bool
) async throws {
    let deadline = ContinuousClock.now + limit
    while try await !condition() {
        guard ContinuousClock.now < deadline else { throw NeverHappened(description: "never happened: \(what)") }
        try await Task.sleep(for: .milliseconds(100))
    }
}
