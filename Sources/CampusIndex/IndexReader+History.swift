import CampusCore

extension IndexReader {
    /// Every section a person took or taught, one schedule per indexed term they
    /// have classes in, newest term first; none for a person the directory suppresses.
    ///
    /// ```swift
    /// try index.read { try $0.history(of: "whitfid") }.map(\.term)  // [202640, 202630, 202620, 202610]
    /// ```
    public func history(of username: String) throws -> [PersonSchedule] {
        try terms(for: username).map { try schedule(of: username, term: $0) }
    }
}
