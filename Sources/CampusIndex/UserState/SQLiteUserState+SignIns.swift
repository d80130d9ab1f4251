import CampusCore
import Foundation
internal import GRDB

extension SQLiteUserState {
    public func addPendingSignIn(_ pending: PendingSignIn) async throws(UserStateError) {
        try await write("keep a sign-in sent to the campus's sign-in service") { db in
            try db.execute(
                sql: """
                    INSERT INTO pending_sign_ins (key, method, nonce, verifier, next, keep, demands_mfa, started_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [pending.key, pending.method, pending.nonce, pending.verifier, pending.next, pending.keep, pending.demandsMFA,
                            pending.startedAt])
        }
    }

    public func takePendingSignIn(key: String, startedAfter: Date) async throws(UserStateError) -> PendingSignIn? {
        try await write("take a sign-in back from the campus's sign-in service") { db in
            try Row.fetchOne(
                db, sql: "DELETE FROM pending_sign_ins WHERE key = ? RETURNING method, nonce, verifier, next, keep, demands_mfa, started_at",
                arguments: [key]
            ).flatMap { row in
                let pending = PendingSignIn(
                    key: key, method: row[0], nonce: row[1], verifier: row[2], next: row[3], keep: row[4], demandsMFA: row[5], startedAt: row[6])
                return pending.startedAt >= startedAfter ? pending : nil
            }
        }
    }

    public func removePendingSignIns(before: Date) async throws(UserStateError) -> Int {
        try await write("forget sign-ins that never came back") { db in
            try db.execute(sql: "DELETE FROM pending_sign_ins WHERE started_at < ?", arguments: [before])
            return db.changesCount
        }
    }

    public func useSignInProof(key: String, until: Date) async throws(UserStateError) -> Bool {
        try await write("record a proof of the IdP as used") { db in
            try db.execute(sql: "INSERT INTO used_sign_in_proofs (key, until) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", arguments: [key, until])
            return db.changesCount == 1
        }
    }

    public func removeUsedSignInProofs(before now: Date) async throws(UserStateError) -> Int {
        try await write("forget proofs of the IdP that can no longer be used") { db in
            try db.execute(sql: "DELETE FROM used_sign_in_proofs WHERE until < ?", arguments: [now])
            return db.changesCount
        }
    }

    public func addSignInLink(_ link: SignInLink) async throws(UserStateError) {
        try await write("keep which session of the sign-in service a session came from") { db in
            try db.execute(
                sql: "INSERT INTO sign_in_links (token_hash, method, issuer, subject, session, hint) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [link.tokenHash, link.method, link.issuer, link.subject, link.session, link.hint])
        }
    }

    public func signInLink(tokenHash: String) async throws(UserStateError) -> SignInLink? {
        try await read("read which session of the sign-in service a session came from") { db in
            try Row.fetchOne(db, sql: "SELECT method, issuer, subject, session, hint FROM sign_in_links WHERE token_hash = ?", arguments: [tokenHash])
                .map { SignInLink(tokenHash: tokenHash, method: $0[0], issuer: $0[1], subject: $0[2], session: $0[3], hint: $0[4]) }
        }
    }

    public func endSignedInSessions(method: String, issuer: String, subject: String?, session: String?) async throws(UserStateError) -> [String] {
        try await write("end the sessions of a session of the sign-in service") { db in
            let hashes = try String.fetchAll(
                db, sql: """
                    DELETE FROM sign_in_links WHERE method = ? AND issuer = ? AND (? IS NULL OR subject = ?) AND (? IS NULL OR session = ?)
                    RETURNING token_hash
                    """,
                arguments: [method, issuer, subject, subject, session, session])
            return try hashes.filter { hash in
                try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [hash])
                return db.changesCount == 1
            }
        }
    }

    public func removeEndedSignInLinks() async throws(UserStateError) -> Int {
        try await write("forget the links of ended sessions") { db in
            try db.execute(sql: "DELETE FROM sign_in_links WHERE token_hash NOT IN (SELECT token_hash FROM sessions)")
            return db.changesCount
        }
    }
}
