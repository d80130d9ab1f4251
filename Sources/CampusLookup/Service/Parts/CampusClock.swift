import Foundation

/// What tells the service the present moment.
public protocol CampusClock: Sendable {
    /// The present moment.
    func now() -> Date
}

/// The machine's clock, moved by `offset` seconds: `serve --now` sets the campus clock to a
/// moment of the demo week (``ServerConfiguration/clockOffset``), and it runs on from there.
public struct SystemClock: CampusClock {
    public var offset: TimeInterval

    public init(offset: TimeInterval = 0) {
        self.offset = offset
    }

    public func now() -> Date {
        Date(timeIntervalSinceNow: offset)
    }
}
