import CampusCore
import Foundation

/// What people create, kept apart from the derived index: favorites, log-in
/// sessions, failed log-ins (the throttle's counts), calendars shared by link, consents
/// to share a schedule and requests for them, and
/// the append-only record of disclosures.
///
/// No rebuild, term swap or directory sync touches it. ``SQLiteUserState`` keeps it
/// in an SQLite file beside the index; a server farm can serve the same interface
/// from PostgreSQL, which is why every operation is `async`.
public protocol UserStateStore: Sendable {
    /// Whether other servers may share the store (PostgreSQL): a server then takes nothing it
    /// read from it earlier on trust, so that a log-out on one server ends the session on all at once.
    var isShared: Bool { get }

    /// Returns when the store can be used now; throws what keeps it from being used (`/readyz`).
    func probe() async throws(UserStateError)

    /// An owner's favorites, by group then in the order they were added.
    ///
    /// - Parameters:
    ///   - owner: whose favorites.
    ///   - group: one group, or `nil` for all of them.
    func favorites(owner: String, group: String?) async throws(UserStateError) -> [Favorite]

    /// One page of ``favorites(owner:group:)``: `limit` of them after skipping `offset`, in the
    /// same order, and how many there are in all; what it reads is the page and a count.
    func favorites(owner: String, group: String?, offset: Int, limit: Int) async throws(UserStateError) -> (page: [Favorite], total: Int)

    /// Adds a person (stored lower-cased) to an owner's group, unless they are in it already
    /// or (with `limits`) the owner keeps as many groups, or the group as many people, as they may.
    func addFavorite(
        _ username: String, owner: String, group: String, now: Date, limits: KeepingLimits?
    ) async throws(UserStateError) -> FavoriteAddition

    /// Removes a person from an owner's group; `false` when they were not in it.
    func removeFavorite(_ username: String, owner: String, group: String) async throws(UserStateError) -> Bool

    /// Empties an owner's group, or all their groups when `group` is `nil`; how many were removed.
    func clearFavorites(owner: String, group: String?) async throws(UserStateError) -> Int

    // MARK: Sessions

    /// Keeps a new session (its token's hash only).
    func addSession(_ session: Session) async throws(UserStateError)

    /// The session whose token hashes to `tokenHash`, valid or not; `nil` when there is none.
    func session(tokenHash: String) async throws(UserStateError) -> Session?

    /// The sessions of `username`, the most recently used first.
    func sessions(username: String) async throws(UserStateError) -> [Session]

    /// Records a use of the session at `now` (idle expiry counts from the last use); a session
    /// kept on its device lasts until `keptUntil` from now on, when that is later.
    func touchSession(tokenHash: String, at now: Date, keptUntil: Date?) async throws(UserStateError)

    /// Ends a session (log-out); `false` when there was none.
    func removeSession(tokenHash: String) async throws(UserStateError) -> Bool

    /// Ends the session of `username` that ``CampusCore/Session/id`` names; `false` when they have none such.
    func removeSession(id: String, username: String) async throws(UserStateError) -> Bool

    /// Ends every session of `username` (log out everywhere), but the one whose token hashes to
    /// `except` when given (end all others); how many.
    func removeSessions(username: String, except: String?) async throws(UserStateError) -> Int

    /// Removes the sessions that have ended by `now` (past their end, or not kept and idle for `idle`); how many.
    func removeEndedSessions(at now: Date, idle: TimeInterval) async throws(UserStateError) -> Int

    // MARK: Failed log-ins

    /// In one transaction: refuses when failures under any key lock attempts at `now` (see
    /// ``LoginThrottle``), else counts this attempt as a failure under every key (returned by
    /// their rows), so that attempts made at once cannot pass the limit together.
    func beginLoginAttempt(_ keys: [LoginAttemptKey], throttle: LoginThrottle, at now: Date) async throws(UserStateError) -> LoginAttemptStart

    /// Ends an attempt ``beginLoginAttempt(_:throttle:at:)`` began, as a success, in one
    /// transaction: removes its rows, forgets the failures under `forgetting` (the account at
    /// that network), and keeps the new session. (A failed attempt's rows stay: it was one.)
    func logInSucceeded(_ rows: [Int64], forgetting: LoginAttemptKey, session: Session) async throws(UserStateError)

    /// Ends an attempt ``beginLoginAttempt(_:throttle:at:)`` began that was neither: the
    /// directory could not be asked. Its rows go; it counts as no failure.
    func abandonLoginAttempt(_ rows: [Int64]) async throws(UserStateError)

    /// When the failed log-ins under `key` at or after `since` happened, oldest first.
    func loginFailureTimes(_ key: LoginAttemptKey, since: Date) async throws(UserStateError) -> [Date]

    /// Records that failed log-ins locked `lockout`'s account at its network, in one transaction
    /// with the look for locks of the account still holding then: nothing is written when one of
    /// that network holds already (attempts sent at once each find the lock). Whether it was
    /// written, and whether a lock of another network held.
    func recordLockout(_ lockout: LoginLockout) async throws(UserStateError) -> (recorded: Bool, othersHolding: Bool)

    /// When failed log-ins locked `username`'s account at or after `since`, the newest 50 first.
    func lockouts(of username: String, since: Date) async throws(UserStateError) -> [LoginLockout]

    /// Forgets lockouts from before `before`; how many.
    func removeLockouts(before: Date) async throws(UserStateError) -> Int

    // MARK: Sign-ins at the campus's sign-in service

    /// Keeps a sign-in sent to the campus's sign-in service until it comes back.
    func addPendingSignIn(_ pending: PendingSignIn) async throws(UserStateError)

    /// Takes the sign-in whose key is `key`, started at or after `startedAfter`: removed in the
    /// same step, so that a second return with the same key finds nothing.
    func takePendingSignIn(key: String, startedAfter: Date) async throws(UserStateError) -> PendingSignIn?

    /// Forgets sign-ins started before `before` that never came back; how many.
    func removePendingSignIns(before: Date) async throws(UserStateError) -> Int

    // MARK: Log-ins of the command line (device grants)

    /// Keeps a device grant until its person answers and the command takes it, or it ends.
    func addDeviceGrant(_ grant: DeviceGrant) async throws(UserStateError)

    /// The grant whose user code is `userCode`, started at or after `startedAfter`.
    func deviceGrant(userCode: String, startedAfter: Date) async throws(UserStateError) -> DeviceGrant?

    /// Approves (as `approvedBy`) or denies (`nil`) the grant of `userCode`, if it still waits and
    /// started at or after `startedAfter`: false when there is no such grant.
    func answerDeviceGrant(userCode: String, approvedBy: String?, startedAfter: Date) async throws(UserStateError) -> Bool

    /// The command's asking for the grant whose key is `key`: the grant as it was before this
    /// ask (`nil` when unknown or started before `startedAfter`), its ask noted at `at`; one that
    /// was answered is removed in the same step, so that its session is handed out once.
    func pollDeviceGrant(key: String, at: Date, startedAfter: Date) async throws(UserStateError) -> DeviceGrant?

    /// Forgets grants started before `before`; how many.
    func removeDeviceGrants(before: Date) async throws(UserStateError) -> Int

    /// Records that the IdP's proof `key` (a SAML assertion's issuer and ID) was used, until
    /// `until`, when it could no longer be used anyway: false when it was recorded already (a
    /// replay), on this server or any other sharing the store.
    func useSignInProof(key: String, until: Date) async throws(UserStateError) -> Bool

    /// Forgets used proofs that could no longer be used at `now`; how many.
    func removeUsedSignInProofs(before now: Date) async throws(UserStateError) -> Int

    /// Keeps which session at the campus's sign-in service the session `link.tokenHash` came from.
    func addSignInLink(_ link: SignInLink) async throws(UserStateError)

    /// The link of the session whose token hash is `tokenHash`, if it came from a sign-in service.
    func signInLink(tokenHash: String) async throws(UserStateError) -> SignInLink?

    /// Ends every session that came by `method` from `issuer`'s session `session` (any of
    /// `subject`'s when `session` is `nil`): the sessions and their links removed in one step; the
    /// token hashes of the sessions ended.
    func endSignedInSessions(method: String, issuer: String, subject: String?, session: String?) async throws(UserStateError) -> [String]

    /// Forgets the links of sessions that have ended; how many.
    func removeEndedSignInLinks() async throws(UserStateError) -> Int

    /// Forgets failures older than `before`; how many.
    func removeLoginFailures(before: Date) async throws(UserStateError) -> Int

    // MARK: Shares

    /// Ends what was kept under `username` before `moment`, when someone else held it: their
    /// favorites (and their place in others' groups), log-ins, lockouts, links, alerts, and their
    /// alert settings with their follows when those were last set before `moment`, are removed, their requests
    /// (sent and received) too, and the consents they gave or that named them (as a person or
    /// as a group's owner) are revoked at `moment`, kept as the record of what was given.
    func forget(_ username: String, before moment: Date) async throws(UserStateError)

    /// Keeps a new share (its token's hash only), unless its owner keeps `limit` shares not
    /// yet expired already (`false`, nothing written).
    func addShare(_ share: Share, limit: Int?) async throws(UserStateError) -> Bool

    /// An owner's shares, oldest first.
    func shares(owner: String) async throws(UserStateError) -> [Share]

    /// The share whose token hashes to `tokenHash`; `nil` when there is none (or it was revoked).
    func share(tokenHash: String) async throws(UserStateError) -> Share?

    /// Records that a calendar program fetched the share.
    func markShareFetched(id: String, at now: Date) async throws(UserStateError)

    /// Removes the shares whose links have expired by `now`; how many.
    func removeEndedShares(at now: Date) async throws(UserStateError) -> Int

    /// Revokes one of an owner's shares; `false` when they have none by that id.
    func removeShare(id: String, owner: String) async throws(UserStateError) -> Bool

    // MARK: Consents to share a schedule

    /// Keeps a new consent, unless the same one (audience and term) holds already, or its
    /// grantor holds `limit` consents not revoked (nothing written), checked in the transaction.
    func addConsent(_ consent: Consent, limit: Int?) async throws(UserStateError) -> ConsentAdding

    /// A grantor's consents, the first given first; those revoked too when `includingRevoked`.
    func consents(grantor: String, includingRevoked: Bool) async throws(UserStateError) -> [Consent]

    /// Revokes one of a grantor's consents at `now`; it is kept, with the date.
    func revokeConsent(id: String, grantor: String, at now: Date) async throws(UserStateError) -> ConsentRevoking

    /// The consents holding that show `viewer` someone's schedule (of `grantors`' only, unless
    /// `nil`): to the viewer by name; to a group the viewer owns or is in now (someone else's
    /// group only while its owner shares it and the grantor is in it); to one of `sections`
    /// (those the viewer attends, by term).
    func consents(
        reaching viewer: String, attending sections: [(section: SectionID, term: TermCode)], from grantors: [String]?
    ) async throws(UserStateError) -> [Consent]

    /// The groups shared with `viewer`: consents holding that owners gave to their own group,
    /// `viewer` being one of its members now.
    func groupsShared(with viewer: String) async throws(UserStateError) -> [Consent]

    /// Keeps a request unless its sender has one to the same person not accepted (waiting or
    /// declined: alike to the sender), or sent
    /// `perDay` in the day before it (counted in the same transaction).
    func sendRequest(_ request: ConsentRequest, perDay: Int?) async throws(UserStateError) -> RequestSending

    /// The requests `username` sent or was sent, the newest first.
    func requests(involving username: String) async throws(UserStateError) -> [ConsentRequest]

    /// Answers a request to `recipient`, once; accepting keeps the consent `consent` makes of
    /// it in the same transaction (as ``addConsent(_:limit:)`` would: the same one holding is
    /// kept, and past `limit` nothing is answered).
    func answerRequest(
        id: String, recipient: String, answer: ConsentRequest.Answer, at now: Date, limit: Int?,
        consent: @escaping @Sendable (ConsentRequest) -> Consent
    ) async throws(UserStateError) -> RequestAnswering

    // MARK: Change alerts

    /// What `username` wants to hear about and how; ``AlertPreferences/standard`` until they say.
    func alertPreferences(of username: String) async throws(UserStateError) -> AlertPreferences

    /// Keeps `username`'s alert settings, the sections, rooms and people they follow replaced by these.
    func setAlertPreferences(_ preferences: AlertPreferences, of username: String, at now: Date) async throws(UserStateError)

    /// Who follows each of `sections`, of `rooms` (upper-cased) and of `people` (lower-cased).
    func followers(of sections: [FollowedSection], rooms: [String], people: [String]) async throws(UserStateError) -> AlertFollowers

    /// Those of `tokens` whose refreshes were queued already.
    func queuedRefreshes(among tokens: [String]) async throws(UserStateError) -> Set<String>

    /// Whether any refresh was ever queued (alerts were turned on before).
    func anyRefreshQueued() async throws(UserStateError) -> Bool

    /// Queues `alerts` and marks the refreshes `tokens` queued, in one transaction: a refresh
    /// queued already (by another run meanwhile) is left out of each alert, an alert left with
    /// none, or whose key is queued, is not queued. Returns how many were queued.
    func queueAlerts(_ alerts: [NewAlert], refreshes tokens: [String], at now: Date) async throws(UserStateError) -> Int

    /// Pending alerts due by `now`, oldest first, claimed for `lease` seconds in one transaction:
    /// another sender (a second server, a cron job) does not see them until they are settled,
    /// released, or the lease runs out (this one stopped midway).
    func claimDueAlerts(at now: Date, limit: Int, for lease: TimeInterval) async throws(UserStateError) -> AlertClaim

    /// Gives claimed alerts back, due at `now`, without counting an attempt; those `claim` no
    /// longer holds (its lease ran out and another sender took them) are left as they are.
    func releaseAlerts(_ ids: [Int64], of claim: String, at now: Date) async throws(UserStateError)

    /// Forgets delivered and dropped alerts, and the marks of queued refreshes, from before `cutoff`.
    func forgetAlerts(before cutoff: Date) async throws(UserStateError) -> Int

    /// Records what became of pending alerts `claim` holds; one no longer pending, or held by
    /// another claim, is left as it is.
    func settleAlerts(_ ids: [Int64], of claim: String, as settling: AlertSettling, at now: Date) async throws(UserStateError)

    /// Makes every alert waiting after a failed attempt due at `now` (the mail service works
    /// again); returns how many. One a sender holds stays theirs until settled or released.
    func retryFailedAlerts(at now: Date) async throws(UserStateError) -> Int

    /// `username`'s delivered alerts, newest first: their inbox.
    func alerts(of username: String, limit: Int) async throws(UserStateError) -> [Alert]

    /// How many of `username`'s delivered alerts they have not read.
    func unreadAlerts(of username: String) async throws(UserStateError) -> Int

    /// Marks `username`'s delivered alerts read; returns how many were unread.
    func markAlertsRead(of username: String, at now: Date) async throws(UserStateError) -> Int

    /// How the queue stands.
    func alertQueueState() async throws(UserStateError) -> AlertQueueState

    /// The key unsubscribe links are signed with: 256 random bits made on first use and kept in the store.
    func alertSigningKey() async throws(UserStateError) -> [UInt8]

    // MARK: The record of disclosures

    /// Appends disclosures to the record, in one transaction; they are never changed.
    func recordDisclosures(_ disclosures: [Disclosure]) async throws(UserStateError)

    /// Disclosures matching `query`, newest first, `limit` of them after skipping `offset`;
    /// and how many match in all.
    func disclosures(
        matching query: DisclosureQuery, limit: Int, offset: Int
    ) async throws(UserStateError) -> (items: [Disclosure], total: Int)

    /// Removes disclosures older than `before` (the retention); how many.
    func removeDisclosures(before: Date) async throws(UserStateError) -> Int
}

/// Why the user-state store could not do something.
public enum UserStateError: Error, Equatable, CustomStringConvertible {
    /// The store could not be opened (its file or folder, or its server).
    case cannotOpen(location: String, detail: String)
    /// The store was written by a newer version of campus.
    case newerVersion(location: String)
    /// The store refused an operation.
    case failed(operation: String, detail: String)

    public var description: String {
        switch self {
        case let .cannotOpen(location, detail):
            "Cannot open the store of favorites and other things people keep at \(location): \(detail)."
        case let .newerVersion(location):
            "The store at \(location) was written by a newer version of campus; update campus to use it."
        case let .failed(operation, detail):
            "The store of what people keep (favorites, sessions, shares, the record of disclosures) could not \(operation): \(detail)."
        }
    }
}
