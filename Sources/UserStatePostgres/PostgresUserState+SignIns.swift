import CampusCore
import CampusIndex
import Foundation
import PostgresNIO

extension PostgresUserState {
    public func addPendingSignIn(_ pending: PendingSignIn) async throws(UserStateError) {
        try await run("keep a sign-in sent to the campus's sign-in service") { db in
            try await db.execute("""
                INSERT INTO pending_sign_ins (key, method, nonce, verifier, next, keep, demands_mfa, started_at)
                VALUES (\(pending.key), \(pending.method), \(pending.nonce), \(pending.verifier), \(pending.next), \(pending.keep),
                        \(pending.demandsMFA), \(pending.startedAt.toMillisecond))
                """)
        }
    }

    public func takePendingSignIn(key: String, startedAfter: Date) async throws(UserStateError) -> PendingSignIn? {
        try await run("take a sign-in back from the campus's sign-in service") { db in
            try await db.rows("""
                DELETE FROM pending_sign_ins WHERE key = \(key) RETURNING method, nonce, verifier, next, keep, demands_mfa, started_at
                """).first.flatMap { row in
                let (method, nonce, verifier, next, keep, demandsMFA, startedAt) = try row.decode((String, String, String, String, Bool, Bool, Date).self)
                let pending = PendingSignIn(
                    key: key, method: method, nonce: nonce, verifier: verifier, next: next, keep: keep, demandsMFA: demandsMFA,
                    startedAt: startedAt.toMillisecond)
                return pending.startedAt >= startedAfter ? pending : nil
            }
        }
    }

    public func removePendingSignIns(before: Date) async throws(UserStateError) -> Int {
        try await run("forget sign-ins that never came back") { db in
            try await db.changes("DELETE FROM pending_sign_ins WHERE started_at < \(before.toMillisecond) RETURNING 1")
        }
    }

    public func useSignInProof(key: String, until: Date) async throws(UserStateError) -> Bool {
        try await run("record a proof of the IdP as used") { db in
            try await db.changes(
                "INSERT INTO used_sign_in_proofs (key, until) VALUES (\(key), \(until.toMillisecond)) ON CONFLICT (key) DO NOTHING RETURNING 1") == 1
        }
    }

    public func removeUsedSignInProofs(before now: Date) async throws(UserStateError) -> Int {
        try await run("forget proofs of the IdP that can no longer be used") { db in
            try await db.changes("DELETE FROM used_sign_in_proofs WHERE until < \(now.toMillisecond) RETURNING 1")
        }
    }

    public func addSignInLink(_ link: SignInLink) async throws(UserStateError) {
        try await run("keep which session of the sign-in service a session came from") { db in
            try await db.execute("""
                INSERT INTO sign_in_links (token_hash, method, issuer, subject, session, hint)
                VALUES (\(link.tokenHash), \(link.method), \(link.issuer), \(link.subject), \(link.session), \(link.hint))
                """)
        }
    }

    public func signInLink(tokenHash: String) async throws(UserStateError) -> SignInLink? {
        try await run("read which session of the sign-in service a session came from") { db in
            try await db.rows("SELECT method, issuer, subject, session, hint FROM sign_in_links WHERE token_hash = \(tokenHash)").first.map { row in
                let (method, issuer, subject, session, hint) = try row.decode((String, String, String, String, String).self)
                return SignInLink(tokenHash: tokenHash, method: method, issuer: issuer, subject: subject, session: session, hint: hint)
            }
        }
    }

    public func endSignedInSessions(method: String, issuer: String, subject: String?, session: String?) async throws(UserStateError) -> [String] {
        try await run("end the sessions of a session of the sign-in service") { db in
            try await db.rows("""
                WITH ended AS (
                    DELETE FROM sign_in_links WHERE method = \(method) AND issuer = \(issuer) AND (\(subject)::text IS NULL OR subject = \(subject))
                        AND (\(session)::text IS NULL OR session = \(session)) RETURNING token_hash)
                DELETE FROM sessions WHERE token_hash IN (SELECT token_hash FROM ended) RETURNING token_hash
                """).map { try $0.decode(String.self) }
        }
    }

    public func removeEndedSignInLinks() async throws(UserStateError) -> Int {
        try await run("forget the links of ended sessions") { db in
            try await db.changes("DELETE FROM sign_in_links WHERE token_hash NOT IN (SELECT token_hash FROM sessions) RETURNING 1")
        }
    }
}
