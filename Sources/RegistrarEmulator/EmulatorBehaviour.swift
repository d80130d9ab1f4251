/// How the emulator misbehaves, set at start-up and changeable while it runs.
///
/// ```swift
/// var behaviour = EmulatorBehaviour()
/// behaviour.serverErrors = .firstRequests(2)   // two 500s, then normal answers
/// behaviour.delayMilliseconds = 50
/// emulator.setBehaviour(behaviour)
/// ```
public struct EmulatorBehaviour: Hashable, Sendable {
    /// When the emulator answers `500 Internal Server Error`.
    public enum ServerErrors: Hashable, Sendable {
        /// Never: pages are served normally.
        case never
        /// Every request.
        case always
        /// The first `count` requests counted from when this behaviour was set.
        case firstRequests(Int)
        /// Requests whose path or query contains this text (`CSSE474-02`, `type=Instructor`).
        case matching(String)
    }

    /// Answer every request `401 Unauthorized`, whatever the credentials.
    public var alwaysUnauthorized: Bool
    /// When to answer 500.
    public var serverErrors: ServerErrors
    /// Delay every response by this many milliseconds.
    public var delayMilliseconds: Int
    /// Serve pages whose sections table has renamed column headers
    /// (`Course` is `Offering`, `Term Schedule` is `Meets`), so a scraper's locators fail;
    /// Banner 9 answers whose sections lack `courseReferenceNumber` (renamed `crn`); Banner 8
    /// pages whose "Sections Found" is captioned "Classes Found".
    public var changedLayout: Bool
    /// After this many requests have been let through, answer 500 to everything: a crawl failing midway.
    public var failAfterSuccesses: Int?
    /// Banner: a session expires after answering this many requests (its searches are then refused).
    public var sessionRequests: Int?

    /// Creates a behaviour; the defaults serve every page normally.
    public init(
        alwaysUnauthorized: Bool = false, serverErrors: ServerErrors = .never, delayMilliseconds: Int = 0,
        changedLayout: Bool = false, failAfterSuccesses: Int? = nil, sessionRequests: Int? = nil
    ) {
        self.alwaysUnauthorized = alwaysUnauthorized
        self.serverErrors = serverErrors
        self.delayMilliseconds = delayMilliseconds
        self.changedLayout = changedLayout
        self.failAfterSuccesses = failAfterSuccesses
        self.sessionRequests = sessionRequests
    }

    /// Serves every page normally.
    public static let normal = EmulatorBehaviour()
}
