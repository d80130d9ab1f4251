import CampusCore
import Crypto
import Foundation
internal import CampusIndex

/// What `campus login` is told when it starts a log-in through the browser (RFC 8628 §3.2): the
/// code to keep asking with, and the one its person types at ``path`` of this site.
public struct DeviceAuthorization: Sendable {
    /// The secret the command asks with; never shown.
    public var deviceCode: String
    /// `BCDF-GHJK`: what the person types, shown by the command.
    public var userCode: String
    /// How long the codes work, in seconds.
    public var expiresIn: Int
    /// How many seconds the command waits between asks.
    public var interval: Int

    /// The page of this site where the person types the code.
    public static let path = "/device"
    /// How long a device log-in waits for its person.
    public static let lifetime: TimeInterval = 600
    /// The fewest seconds between two asks of the command.
    public static let interval = 5
}

/// A device log-in as its person is asked to approve it.
public struct DeviceLoginRequest: Sendable {
    /// `BCDF-GHJK`.
    public var userCode: String
    /// `campus on lab-pc-12`.
    public var client: String
}

/// What the command's ask comes to (RFC 8628 §3.5).
public enum DeviceLoginPoll: Sendable {
    /// Not answered yet: ask again after the interval.
    case pending
    /// Asked sooner than the interval allows: wait five seconds more each time.
    case slowDown
    /// Its person said no.
    case denied
    /// Unknown, ended, or handed out already.
    case expired
    /// Approved: the session, kept like "keep me signed in".
    case approved(LoginAnswer)

    /// RFC 8628's `error` for all but an approval.
    public var error: String? {
        switch self {
        case .pending: "authorization_pending"
        case .slowDown: "slow_down"
        case .denied: "access_denied"
        case .expired: "expired_token"
        case .approved: nil
        }
    }
}

extension CampusService {
    /// `POST /v1/device/authorize`: starts a log-in of the command line, approved by its person
    /// on the web. `client` is what the command says it runs on (a host name), shown to them.
    /// Each start from `address` counts as the log-in throttle counts failures from an address
    /// (``LoginThrottle``): past its limit, refused with ``CampusError/tooOften(what:limit:retryAfter:)``.
    public func startDeviceLogin(client: String?, address: String, now: Date) async throws(CampusError) -> DeviceAuthorization {
        _ = try await countDeviceTry([.address("device-start:" + ThrottledNetwork(address).key)], doing: "start log-ins of the command line",
                                     limit: configuration.throttle.addressFailures, now: now)
        let deviceCode = SessionToken.make()
        let grant = DeviceGrant(key: SessionToken.hash(deviceCode), userCode: Self.makeUserCode(), client: Self.clientName(client), startedAt: now)
        try await lookingUp { try await state.addDeviceGrant(grant) }
        _ = try? await state.removeDeviceGrants(before: now.addingTimeInterval(-DeviceAuthorization.lifetime))
        return DeviceAuthorization(
            deviceCode: deviceCode, userCode: Self.shown(grant.userCode), expiresIn: Int(DeviceAuthorization.lifetime),
            interval: DeviceAuthorization.interval)
    }

    /// The device log-in whose code the signed-in `caller` typed, for them to approve.
    ///
    /// - Throws: ``CampusError/invalidParameter(name:detail:)`` naming `code` when no log-in
    ///   waiting now has it.
    ///
    /// A code that names no waiting log-in counts as a failed log-in of `caller` from `address`
    /// (``LoginThrottle``); past the limit, every try is refused with
    /// ``CampusError/tooOften(what:limit:retryAfter:)``, so codes cannot be guessed.
    public func deviceLogin(userCode: String, as caller: Caller, address: String, now: Date) async throws(CampusError) -> DeviceLoginRequest {
        let attempt = try await countCodeTry(by: try requireMember(caller), address: address, now: now)
        guard let code = Self.typedCode(userCode),
              let grant = try await lookingUp({ try await state.deviceGrant(userCode: code, startedAfter: now.addingTimeInterval(-DeviceAuthorization.lifetime)) }),
              grant.isWaiting
        else { throw Self.unknownCode }
        try? await state.abandonLoginAttempt(attempt)
        return DeviceLoginRequest(userCode: Self.shown(grant.userCode), client: grant.client)
    }

    /// Approves (or denies) the device log-in of `userCode` as `caller`: on its next ask the
    /// command gets a session of theirs.
    /// A code that names no waiting log-in counts as ``deviceLogin(userCode:as:address:now:)`` counts it.
    public func answerDeviceLogin(userCode: String, approve: Bool, as caller: Caller, address: String, now: Date) async throws(CampusError) {
        let username = try requireMember(caller)
        let attempt = try await countCodeTry(by: username, address: address, now: now)
        guard let code = Self.typedCode(userCode), try await lookingUp({
            try await state.answerDeviceGrant(userCode: code, approvedBy: approve ? username : nil, startedAfter: now.addingTimeInterval(-DeviceAuthorization.lifetime))
        }) else { throw Self.unknownCode }
        try? await state.abandonLoginAttempt(attempt)
    }

    /// Counts a try of a code by `username` from `address`, kept as a failure unless abandoned.
    private func countCodeTry(by username: String, address: String, now: Date) async throws(CampusError) -> [Int64] {
        let network = ThrottledNetwork(address).key
        return try await countDeviceTry([.pair(username: "device-code:" + username, address: network), .address(network)],
                                 doing: "try codes of terminal log-ins", limit: configuration.throttle.failures, now: now)
    }

    /// Counts a try under `keys` as the log-in throttle counts a failure; refused past its limit.
    private func countDeviceTry(_ keys: [LoginAttemptKey], doing what: String, limit: Int, now: Date) async throws(CampusError) -> [Int64] {
        switch try await lookingUp({ try await state.beginLoginAttempt(keys, throttle: configuration.throttle, at: now) }) {
        case .locked(let until):
            let window = DurationText.text(max(1, Int(configuration.throttle.window / 60)))
            throw .tooOften(what: what, limit: "\(limit) times in \(window)", retryAfter: max(1, Int(until.timeIntervalSince(now).rounded(.up))))
        case .begun(let rows): return rows
        }
    }

    /// `POST /v1/device/token`: the command's ask. An approval is handed out once, as a session
    /// of the person who approved it (if they are still in the directory), listed under their
    /// devices as `campus on HOST`.
    public func pollDeviceLogin(deviceCode: String, now: Date) async throws(CampusError) -> DeviceLoginPoll {
        guard !deviceCode.isEmpty, deviceCode.utf8.count <= 128 else { return .expired }
        guard let grant = try await lookingUp({
            try await state.pollDeviceGrant(key: SessionToken.hash(deviceCode), at: now, startedAfter: now.addingTimeInterval(-DeviceAuthorization.lifetime))
        }) else { return .expired }
        if grant.denied { return .denied }
        guard let username = grant.approvedBy else {
            if let last = grant.polledAt, now.timeIntervalSince(last) < TimeInterval(DeviceAuthorization.interval) { return .slowDown }
            return .pending
        }
        let (caller, standing, generation) = try standingCaller(named: username)
        guard standing.inDirectory, !(caller.isSuppressed && view(for: caller) == .hidden) else { return .denied }
        return .approved(try await startSession(
            for: caller, standing: standing, generation: generation, keep: true, userAgent: nil, device: grant.client, now: now))
    }

    private static let unknownCode = CampusError.invalidParameter(
        name: "code", detail: "no log-in waiting now has this code: check it against the one your terminal shows, or run campus login again")

    /// The letters of user codes: consonants only, so that no word is spelt and none is
    /// mistaken for another (RFC 8628 §6.1); eight of them are 20⁸, about 2.6 × 10¹⁰ codes.
    private static let codeLetters = Array("BCDFGHJKLMNPQRSTVWXZ")

    private static func makeUserCode() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<8).map { _ in codeLetters.randomElement(using: &generator)! })
    }

    /// `BCDFGHJK` as shown: `BCDF-GHJK`.
    static func shown(_ code: String) -> String {
        String(code.prefix(4)) + "-" + String(code.dropFirst(4))
    }

    /// A typed code as kept: letters upper-cased, dashes and spaces dropped; `nil` when it is not
    /// eight of the code's letters.
    static func typedCode(_ typed: String) -> String? {
        let letters = typed.prefix(32).uppercased().filter { $0 != "-" && $0 != " " }
        guard letters.count == 8, letters.allSatisfy(codeLetters.contains) else { return nil }
        return letters
    }

    /// `campus on HOST` from what the command says it runs on: a host name's letters, digits,
    /// dots and dashes only (anything else is the command's own making and not shown).
    static func clientName(_ given: String?) -> String {
        let host = (given ?? "").trimmingCharacters(in: .whitespaces)
        let allowed = host.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2E || byte == 0x2D
        }
        guard !host.isEmpty, host.utf8.count <= 64, allowed else { return "campus on a computer that gave no name" }
        return "campus on \(host)"
    }
}
