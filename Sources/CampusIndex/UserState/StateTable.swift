import Foundation

/// One table of the user-state store as both stores have it: its columns and their kinds,
/// for `campus state migrate`, which copies every row of the SQLite store into PostgreSQL.
package struct StateTable: Sendable {
    /// How a column's values are written.
    package enum Kind: Sendable {
        case text, integer, boolean, date, bytes
        /// Text SQLite compares without case (`COLLATE NOCASE`): lower-cased in PostgreSQL,
        /// where the store compares it as written.
        case caseless
    }

    package var name: String
    package var columns: [(name: String, kind: Kind)]
    /// The column PostgreSQL numbers by itself (`bigserial`), whose sequence goes on from the largest copied.
    package var serial: String?

    /// Every table, in an order where nothing refers to a table not yet copied.
    package static let all: [StateTable] = [
        StateTable(name: "favorites", columns: [("owner", .text), ("group_name", .text), ("username", .caseless), ("added_at", .date)]),
        StateTable(name: "sessions", columns: [
            ("token_hash", .text), ("username", .text), ("created_at", .date), ("last_used_at", .date), ("expires_at", .date),
            ("kept", .boolean), ("device", .text),
        ]),
        StateTable(name: "login_failures", columns: [("kind", .text), ("key", .text), ("at", .date)]),
        StateTable(name: "login_lockouts", columns: [("username", .text), ("network", .text), ("at", .date), ("until", .date)]),
        StateTable(name: "pending_sign_ins", columns: [
            ("key", .text), ("method", .text), ("nonce", .text), ("verifier", .text), ("next", .text), ("keep", .boolean),
            ("demands_mfa", .boolean), ("started_at", .date),
        ]),
        StateTable(name: "used_sign_in_proofs", columns: [("key", .text), ("until", .date)]),
        StateTable(name: "sign_in_links", columns: [
            ("token_hash", .text), ("method", .text), ("issuer", .text), ("subject", .text), ("session", .text), ("hint", .text),
        ]),
        StateTable(name: "device_grants", columns: [
            ("key", .text), ("user_code", .text), ("client", .text), ("started_at", .date), ("approved_by", .text), ("denied", .boolean),
            ("polled_at", .date),
        ]),
        StateTable(name: "shares", columns: [
            ("id", .text), ("token_hash", .text), ("owner", .text), ("content", .text), ("group_name", .text), ("created_at", .date),
            ("last_fetched_at", .date), ("expires_at", .date),
        ]),
        StateTable(name: "disclosures", columns: [
            ("sequence", .integer), ("at", .date), ("viewer", .text), ("record", .text), ("subject", .text), ("term", .text), ("rule", .text),
        ], serial: "sequence"),
        StateTable(name: "consents", columns: [
            ("id", .text), ("grantor", .text), ("audience_kind", .text), ("audience", .text), ("audience_owner", .text),
            ("audience_term", .text), ("term", .text), ("purpose", .text), ("given_at", .date), ("revoked_at", .date),
        ]),
        StateTable(name: "consent_requests", columns: [
            ("id", .text), ("sender", .text), ("recipient", .text), ("purpose", .text), ("sent_at", .date), ("answer", .text),
            ("answered_at", .date),
        ]),
        StateTable(name: "alert_preferences", columns: [("username", .text), ("email", .boolean), ("daily", .boolean), ("updated_at", .date)]),
        StateTable(name: "followed_sections", columns: [("username", .text), ("term", .text), ("section", .text)]),
        StateTable(name: "followed_rooms", columns: [("username", .text), ("room", .text)]),
        StateTable(name: "followed_people", columns: [("username", .text), ("person", .text), ("followed_at", .date)]),
        StateTable(name: "alert_refreshes", columns: [("token", .text), ("queued_at", .date)]),
        StateTable(name: "alerts", columns: [
            ("id", .integer), ("username", .text), ("key", .text), ("refreshes", .text), ("queued_at", .date), ("status", .text),
            ("attempts", .integer), ("next_attempt_at", .date), ("note", .text), ("delivered_at", .date), ("subject", .text),
            ("lines", .text), ("read_at", .date), ("claimed_until", .date), ("claim", .text),
        ], serial: "id"),
        StateTable(name: "alert_secret", columns: [("id", .integer), ("key", .bytes)]),
    ]

    init(name: String, columns: [(name: String, kind: Kind)], serial: String? = nil) {
        self.name = name
        self.columns = columns
        self.serial = serial
    }
}

/// One value of a row being copied; `nil` inside is SQL's NULL.
package enum StoredValue: Sendable, Equatable {
    case text(String?)
    case caseless(String?)
    case integer(Int64?)
    case boolean(Bool?)
    case date(Date?)
    case bytes([UInt8]?)
}
