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
}
