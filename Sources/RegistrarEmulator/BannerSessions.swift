import Foundation
import Synchronization

/// The sessions a Banner emulator has opened: each a cookie (Banner 9's `JSESSIONID`,
/// Banner 8's `SESSID`) with, for Banner 9, its synchronizer token and the term it is
/// bound to, as Banner keeps them on the server.
final class BannerSessions: Sendable {
    /// The cookie that carries the session's id.
    let cookieName: String

    init(cookieName: String) {
        self.cookieName = cookieName
    }

    struct Session: Sendable {
        var token: String
        var term: String?
        /// Requests the session has answered; it expires after the behaviour's `sessionRequests`.
        var requests = 0
    }

    private let sessions = Mutex<[String: Session]>([:])

    /// Opens a session: its id (the cookie) and its token.
    func open() -> (id: String, token: String) {
        let id = UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let token = UUID().uuidString.lowercased()
        sessions.withLock { $0[id] = Session(token: token) }
        return (id, token)
    }

    /// The session of `cookie` when `token` is its token (or no token is asked for), counted one
    /// request more; `nil` when there is none, the token is not its own, or it has answered
    /// `limit` requests (expired).
    func use(cookie: String?, token: String?, checkingToken: Bool = true, limit: Int?) -> (id: String, session: Session)? {
        guard let id = sessionID(in: cookie) else { return nil }
        return sessions.withLock { sessions in
            guard var session = sessions[id], !checkingToken || session.token == token else { return nil }
            if let limit, session.requests >= limit {
                sessions[id] = nil
                return nil
            }
            session.requests += 1
            sessions[id] = session
            return (id, session)
        }
    }

    /// Binds a session to a term.
    func bind(_ id: String, term: String) {
        sessions.withLock { $0[id]?.term = term }
    }

    /// The session cookie's value in a `Cookie` header.
    private func sessionID(in cookie: String?) -> String? {
        for pair in (cookie ?? "").split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }
}
