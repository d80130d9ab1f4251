import CampusCore
import Foundation
internal import CampusIndex
internal import Mail

extension CampusService {
    /// How long the list of log-ins shows a lockout, and the store keeps it.
    static let lockoutsKept: TimeInterval = 30 * 86_400

    /// After a failed log-in: when it was the failure that locked `account` at `network` (the
    /// throttle's limit reached just now), records the lockout and, where alerts are set up and
    /// no other lock of the account holds, e-mails its owner when and from which network, sent
    /// apart from the answer. Only a person of the index has an owner to tell; a failure the
    /// store cannot count is no lockout to tell of.
    func noteFailedLogIn(_ pair: LoginAttemptKey, account: String, network: String, now: Date) async {
        let throttle = configuration.throttle
        guard throttle.failures > 0,
              let times = try? await state.loginFailureTimes(pair, since: now.addingTimeInterval(-throttle.window)),
              let until = throttle.lockedUntil(failuresAt: times, limit: throttle.failures, now: now),
              abs(until.timeIntervalSince(now.addingTimeInterval(throttle.lockout))) < 1,
              let person = try? campus.revealing(.person(account)).read({ reader in try reader.person(account) })
        else { return }
        // Attempts sent at once may each find the lock just made: one record a network, and one
        // e-mail an account while any of its locks holds, however many networks try.
        let lockout = LoginLockout(username: person.username, network: network, at: now, until: until)
        guard let recording = try? await state.recordLockout(lockout), recording.recorded, !recording.othersHolding else { return }
        guard let setup = alerts, let email = person.email, let to = MailAddress(name: person.name, address: email) else { return }
        let letter = LockoutLetter(lockout, name: person.name, failures: throttle.failures, devicesURL: "\(setup.publicURL)/sessions")
        let message = MailMessage(
            from: setup.from, to: to, subject: letter.subject, text: letter.text, html: letter.html,
            messageID: "campus-lockout-\(SessionToken.make().prefix(16))@\(setup.from.domain)", date: now,
            extraHeaders: [.init("Auto-Submitted", "auto-generated")])
        Task { try? await setup.transport.send(message) }
    }

    /// `GET /v1/me/sessions`'s lockouts: when failed log-ins locked the caller's account in the last 30 days, newest first.
    public func lockouts(as caller: Caller, now: Date) async throws(CampusError) -> [LoginLockout] {
        let username = try requireMember(caller)
        let standing = try standingCaller(named: username).standing
        return try await lookingUp { try await state.lockouts(of: username, since: now.addingTimeInterval(-Self.lockoutsKept)) }
            .filter { standing.isSamePerson(since: $0.at) }
    }
}
