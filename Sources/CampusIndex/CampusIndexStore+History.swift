import CampusCore

extension CampusIndexStore {
    /// Every section a person took or taught, one schedule per indexed term they
    /// have classes in, newest term first; none for a person the directory suppresses.
    ///
    /// ```swift
    /// try store.history(of: "whitfid").map(\.term)  // [202640, 202630, 202620, 202610]
    /// ```
    public func history(of username: String) throws(IndexError) -> [PersonSchedule] {
        var schedules: [PersonSchedule] = []
        for term in try terms(for: username) {
            schedules.append(try schedule(of: username, term: term))
        }
        return schedules
    }
}
