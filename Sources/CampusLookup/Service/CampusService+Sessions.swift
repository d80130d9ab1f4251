import CampusCore
import Foundation
internal import CampusIndex

/// One of the caller's log-ins, as their list of devices shows it.
public struct DeviceSession: Sendable {
    public var session: Session
    /// Whether it is the log-in the request was made with.
    public var isCurrent: Bool
    /// When it ends if not used again.
    public var endsAt: Date
}

extension CampusService {
    /// `GET /v1/me/sessions`: the caller's log-ins that still hold, the most recently used
    /// first, each with its device and whether it is this one (the log-in `token` stands for).
    public func sessions(as caller: Caller, current token: String?, now: Date) async throws(CampusError) -> [DeviceSession] {
        let username = try requireMember(caller)
        let current = token.map(SessionToken.hash)
        let idle = configuration.idleLimit
        let standing = try standingCaller(named: username).standing
        return try await lookingUp { try await state.sessions(username: username) }
            .map(asConfigured)
            .filter { $0.isValid(at: now, idle: idle) && standing.keeps(madeAt: $0.createdAt) }
            .map { DeviceSession(session: $0, isCurrent: $0.tokenHash == current, endsAt: $0.endsAt(idle: idle)) }
    }

    /// `session` as this server's settings keep it now: kept only while keeping is offered
    /// (else its 8-hour life from log-in holds again), and never past its last use and the
    /// kept lifetime configured now, when that is shorter than the one it was given.
    func asConfigured(_ session: Session) -> Session {
        guard session.isKept else { return session }
        var session = session
        if let kept = configuration.keptLifetime {
            session.expiresAt = min(session.expiresAt, session.lastUsedAt.addingTimeInterval(kept))
        } else {
            session.isKept = false
            session.expiresAt = min(session.expiresAt, session.createdAt.addingTimeInterval(configuration.sessionLifetime))
        }
        return session
    }

    /// `DELETE /v1/me/sessions/{id}`: ends one of the caller's log-ins, on whatever device holds
    /// it; whether it was the one `token` (the request's own) stands for.
    ///
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` when the caller has no log-in of that id.
    @discardableResult
    public func endSession(id: String, as caller: Caller, current token: String?) async throws(CampusError) -> Bool {
        let username = try requireMember(caller)
        guard try await lookingUp({ try await state.removeSession(id: id, username: username) }) else {
            throw .noMatch(what: "log-in of yours", query: id, suggestions: [])
        }
        forgetSessions { $0.username == username && $0.id == id.lowercased() }
        return token.map(SessionToken.hash)?.hasPrefix(id.lowercased()) == true && id.count == 16
    }

    /// Ends every log-in of the caller but the one `token` stands for (the web app's "End all
    /// other log-ins"); how many ended.
    public func endOtherSessions(as caller: Caller, current token: String) async throws(CampusError) -> Int {
        let username = try requireMember(caller)
        let kept = SessionToken.hash(token)
        let ended = try await lookingUp { try await state.removeSessions(username: username, except: kept) }
        forgetSessions { $0.username == username && $0.tokenHash != kept }
        return ended
    }
}
