internal import GRDB

/// The user-state store's tables, migrated on their own, apart from the index's.
enum UserStateSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: favorites") { db in
            // Keyed by (owner, group, username); no link to the index, whose people
            // come and go with every sync: a favorite outlives its person.
            try db.create(table: "favorites") { t in
                t.column("owner", .text).notNull()
                t.column("group_name", .text).notNull()
                t.column("username", .text).notNull().collate(.nocase)
                t.primaryKey(["owner", "group_name", "username"])
                t.column("added_at", .datetime).notNull()
            }
            // Index files whose favorites were carried over, so that happens once.
            try db.create(table: "imported_indexes") { t in
                t.primaryKey("path", .text)
                t.column("imported_at", .datetime).notNull()
                t.column("favorites", .integer).notNull()
            }
        }
        migrator.registerMigration("v2: sessions, log-in failures, shares, disclosures") { db in
            // A log-in: the token's SHA-256 only, never the token.
            try db.create(table: "sessions") { t in
                t.primaryKey("token_hash", .text)
                t.column("username", .text).notNull().indexed()
                t.column("created_at", .datetime).notNull()
                t.column("last_used_at", .datetime).notNull()
                t.column("expires_at", .datetime).notNull().indexed()
            }
            // One row per failed log-in, by username and by client address.
            try db.create(table: "login_failures") { t in
                t.column("kind", .text).notNull()
                t.column("key", .text).notNull()
                t.column("at", .datetime).notNull()
            }
            try db.create(index: "login_failures_by_key", on: "login_failures", columns: ["kind", "key", "at"])
            try db.create(table: "shares") { t in
                t.primaryKey("id", .text)
                t.column("token_hash", .text).notNull().unique()
                t.column("owner", .text).notNull().indexed()
                t.column("content", .text).notNull()
                t.column("group_name", .text)
                t.column("created_at", .datetime).notNull()
                t.column("last_fetched_at", .datetime)
            }
            // Append-only: rows are added, and removed only past the retention.
            try db.create(table: "disclosures") { t in
                t.autoIncrementedPrimaryKey("sequence")
                t.column("at", .datetime).notNull().indexed()
                t.column("viewer", .text).notNull().indexed()
                t.column("record", .text).notNull()
                t.column("subject", .text).notNull().indexed()
                t.column("term", .text)
                t.column("rule", .text).notNull()
            }
            try db.execute(sql: """
                CREATE TRIGGER disclosures_append_only BEFORE UPDATE ON disclosures
                BEGIN SELECT RAISE(ABORT, 'the record of disclosures is append-only'); END
                """)
        }
        migrator.registerMigration("v3: shared links expire") { db in
            // Links made before they expired by default end 120 days after they were made.
            try db.alter(table: "shares") { t in t.add(column: "expires_at", .datetime) }
            try db.execute(sql: "UPDATE shares SET expires_at = datetime(created_at, '+120 days')")
            try db.create(index: "shares_by_expiry", on: "shares", columns: ["expires_at"])
        }
        migrator.registerMigration("v4: sessions kept on a device") { db in
            try db.alter(table: "sessions") { t in
                t.add(column: "kept", .boolean).notNull().defaults(to: false)
                t.add(column: "device", .text)
            }
        }
        migrator.registerMigration("v5: consents and requests to share") { db in
            // Kept after they are revoked (revoked_at): the record of what was consented to, and when.
            try db.create(table: "consents") { t in
                t.primaryKey("id", .text)
                t.column("grantor", .text).notNull().indexed()
                t.column("audience_kind", .text).notNull()
                t.column("audience", .text).notNull()
                t.column("audience_owner", .text)
                t.column("audience_term", .text)
                t.column("term", .text)
                t.column("purpose", .text).notNull()
                t.column("given_at", .datetime).notNull()
                t.column("revoked_at", .datetime)
            }
            try db.create(index: "consents_by_audience", on: "consents", columns: ["audience_kind", "audience"])
            try db.create(table: "consent_requests") { t in
                t.primaryKey("id", .text)
                t.column("sender", .text).notNull()
                t.column("recipient", .text).notNull().indexed()
                t.column("purpose", .text).notNull()
                t.column("sent_at", .datetime).notNull()
                t.column("answer", .text).notNull()
                t.column("answered_at", .datetime)
            }
            try db.create(index: "consent_requests_by_sender", on: "consent_requests", columns: ["sender", "sent_at"])
        }
        migrator.registerMigration("v6: change alerts", migrate: AlertTables.create)
        migrator.registerMigration("v7: rooms and people followed", migrate: AlertTables.addFollowedRoomsAndPeople)
        migrator.registerMigration("v8: alerts claimed apart from their next attempt", migrate: AlertTables.addClaims)
        migrator.registerMigration("v9: accounts locked by failed log-ins") { db in
            try db.create(table: "login_lockouts") { t in
                t.column("username", .text).notNull()
                t.column("network", .text).notNull()
                t.column("at", .datetime).notNull()
                t.column("until", .datetime).notNull()
            }
            try db.create(index: "login_lockouts_by_username", on: "login_lockouts", columns: ["username", "at"])
        }
        migrator.registerMigration("v10: sign-ins sent to the campus's sign-in service") { db in
            try db.create(table: "pending_sign_ins") { t in
                t.primaryKey("key", .text)
                t.column("method", .text).notNull()
                t.column("nonce", .text).notNull()
                t.column("verifier", .text).notNull()
                t.column("next", .text).notNull()
                t.column("keep", .boolean).notNull()
                t.column("demands_mfa", .boolean).notNull()
                t.column("started_at", .datetime).notNull()
            }
        }
        migrator.registerMigration("v11: the IdP's proofs used once") { db in
            try db.create(table: "used_sign_in_proofs") { t in
                t.primaryKey("key", .text)
                t.column("until", .datetime).notNull()
            }
        }
        migrator.registerMigration("v12: sessions of the campus's sign-in service") { db in
            try db.create(table: "sign_in_links") { t in
                t.primaryKey("token_hash", .text)
                t.column("method", .text).notNull()
                t.column("issuer", .text).notNull()
                t.column("subject", .text).notNull()
                t.column("session", .text).notNull()
                t.column("hint", .text).notNull()
            }
            try db.create(index: "sign_in_links_by_session", on: "sign_in_links", columns: ["issuer", "subject", "session"])
        }
        migrator.registerMigration("v13: log-ins of the command line waiting for their person") { db in
            try db.create(table: "device_grants") { t in
                t.primaryKey("key", .text)
                t.column("user_code", .text).notNull().unique()
                t.column("client", .text).notNull()
                t.column("started_at", .datetime).notNull()
                t.column("approved_by", .text)
                t.column("denied", .boolean).notNull()
                t.column("polled_at", .datetime)
            }
        }
        migrator.registerMigration("v14: when each person was followed") { db in
            // Follows kept before it have none: made before any username changed hands since.
            try db.alter(table: "followed_people") { t in t.add(column: "followed_at", .datetime) }
        }
        return migrator
    }
}
