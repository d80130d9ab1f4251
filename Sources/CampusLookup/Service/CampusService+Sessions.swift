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
        return try await lookingUp { try await state.sessions(username: username) }
            .filter { $0.isValid(at: now, idle: idle) }
            .map { DeviceSession(session: $0, isCurrent: $0.tokenHash == current, endsAt: $0.endsAt(idle: idle)) }
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
        sessions.withLock { cache in cache = cache.filter { $0.value.session.username != username || $0.value.session.id != id.lowercased() } }
        return token.map(SessionToken.hash)?.hasPrefix(id.lowercased()) == true && id.count == 16
    }

    /// Ends every log-in of the caller but the one `token` stands for (the web app's "End all
    /// other log-ins"); how many ended.
    public func endOtherSessions(as caller: Caller, current token: String) async throws(CampusError) -> Int {
        let username = try requireMember(caller)
        let kept = SessionToken.hash(token)
        var ended = 0
        for session in try await lookingUp({ try await state.sessions(username: username) }) where session.tokenHash != kept {
            if try await lookingUp({ try await state.removeSession(tokenHash: session.tokenHash) }) { ended += 1 }
        }
        sessions.withLock { cache in cache = cache.filter { $0.value.session.username != username || $0.key == kept } }
        return ended
    }
}
