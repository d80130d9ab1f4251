import CampusIndex
import Logging
import PostgresNIO

/// The PostgreSQL store's tables: the same as the SQLite store's (``CampusIndex/SQLiteUserState``,
/// at its migration v8), in PostgreSQL's types, migrated in versions of their own.
///
/// Every migration runs in one transaction under an advisory lock, so servers started
/// together migrate one after another, and a failed migration leaves nothing half done.
enum PostgresSchema {
    /// Each version's statements, in order; a version once released is never changed.
    static let versions: [(name: String, statements: [String])] = [
        ("v1: favorites, sessions, log-in failures, shares, disclosures, consents, alerts", version1),
        ("v2: the refresher role and the index snapshots it publishes", version2),
        ("v3: a log-in attempt counted in one statement", version3),
        ("v4: a log-in attempt far from every limit counted without a transaction of its own", version4),
        ("v5: accounts locked by failed log-ins", version5),
        ("v6: sign-ins sent to the campus's sign-in service", version6),
        ("v7: the IdP's proofs used once", version7),
        ("v8: sessions of the campus's sign-in service", version8),
        ("v9: log-ins of the command line waiting for their person", version9),
        ("v10: when each person was followed", version10),
    ]

    /// An advisory lock key of the store's own, held while migrating.
    private static let migrationLock: Int64 = 0x6361_6D70_7573_0001

    /// Brings the schema up to date; ``UserStateError/newerVersion(location:)`` when a newer campus wrote it.
    static func migrate(_ connection: PostgresConnection, location: String) async throws {
        try await connection.withTransaction(logger: PostgresUserState.quiet) { connection in
            // Each statement's rows are read whole: a statement's error comes with its rows.
            try await connection.execute("SELECT pg_advisory_xact_lock(\(migrationLock))")
            try await connection.execute("""
                CREATE TABLE IF NOT EXISTS campus_schema_versions (
                    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())
                """)
            let applied = try await connection.count("SELECT coalesce(max(version), 0)::int8 FROM campus_schema_versions")
            if applied > versions.count { throw UserStateError.newerVersion(location: location) }
            for (offset, version) in versions.enumerated().dropFirst(applied) {
                for statement in version.statements {
                    try await connection.execute(PostgresQuery(unsafeSQL: statement))
                }
                try await connection.execute("INSERT INTO campus_schema_versions (version, name) VALUES (\(offset + 1), \(version.name))")
            }
        }
    }

    private static let version1 = [
        // Keyed by (owner, group, username); a favorite outlives its person in the index.
        """
        CREATE TABLE favorites (
            owner text NOT NULL, group_name text NOT NULL, username text NOT NULL, added_at timestamptz NOT NULL,
            PRIMARY KEY (owner, group_name, username))
        """,
        // A log-in: the token's SHA-256 only, never the token.
        """
        CREATE TABLE sessions (
            token_hash text PRIMARY KEY, username text NOT NULL, created_at timestamptz NOT NULL,
            last_used_at timestamptz NOT NULL, expires_at timestamptz NOT NULL,
            kept boolean NOT NULL DEFAULT false, device text)
        """,
        "CREATE INDEX sessions_by_username ON sessions (username)",
        "CREATE INDEX sessions_by_expiry ON sessions (expires_at)",
        // One row per failed log-in, by username and by client address.
        "CREATE TABLE login_failures (id bigserial PRIMARY KEY, kind text NOT NULL, key text NOT NULL, at timestamptz NOT NULL)",
        "CREATE INDEX login_failures_by_key ON login_failures (kind, key, at)",
        """
        CREATE TABLE shares (
            id text PRIMARY KEY, token_hash text NOT NULL UNIQUE, owner text NOT NULL, content text NOT NULL,
            group_name text, created_at timestamptz NOT NULL, last_fetched_at timestamptz, expires_at timestamptz NOT NULL)
        """,
        "CREATE INDEX shares_by_owner ON shares (owner)",
        "CREATE INDEX shares_by_expiry ON shares (expires_at)",
        // Append-only: rows are added, and removed only past the retention.
        """
        CREATE TABLE disclosures (
            sequence bigserial PRIMARY KEY, at timestamptz NOT NULL, viewer text NOT NULL, record text NOT NULL,
            subject text NOT NULL, term text, rule text NOT NULL)
        """,
        "CREATE INDEX disclosures_by_at ON disclosures (at)",
        "CREATE INDEX disclosures_by_viewer ON disclosures (viewer)",
        "CREATE INDEX disclosures_by_subject ON disclosures (subject)",
        "CREATE INDEX disclosures_by_subject_caseless ON disclosures (lower(subject))",
        """
        CREATE FUNCTION disclosures_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'the record of disclosures is append-only'; END $$
        """,
        """
        CREATE TRIGGER disclosures_append_only BEFORE UPDATE ON disclosures
        FOR EACH ROW EXECUTE FUNCTION disclosures_append_only()
        """,
        // Kept after they are revoked (revoked_at): the record of what was consented to, and when.
        """
        CREATE TABLE consents (
            id text PRIMARY KEY, grantor text NOT NULL, audience_kind text NOT NULL, audience text NOT NULL,
            audience_owner text, audience_term text, term text, purpose text NOT NULL,
            given_at timestamptz NOT NULL, revoked_at timestamptz)
        """,
        "CREATE INDEX consents_by_grantor ON consents (grantor)",
        "CREATE INDEX consents_by_audience ON consents (audience_kind, audience)",
        """
        CREATE TABLE consent_requests (
            id text PRIMARY KEY, sender text NOT NULL, recipient text NOT NULL, purpose text NOT NULL,
            sent_at timestamptz NOT NULL, answer text NOT NULL, answered_at timestamptz)
        """,
        "CREATE INDEX consent_requests_by_recipient ON consent_requests (recipient)",
        "CREATE INDEX consent_requests_by_sender ON consent_requests (sender, sent_at)",
        """
        CREATE TABLE alert_preferences (
            username text PRIMARY KEY, email boolean NOT NULL, daily boolean NOT NULL, updated_at timestamptz NOT NULL)
        """,
        "CREATE TABLE followed_sections (username text NOT NULL, term text NOT NULL, section text NOT NULL, PRIMARY KEY (username, term, section))",
        "CREATE INDEX followed_sections_by_section ON followed_sections (term, section)",
        "CREATE TABLE followed_rooms (username text NOT NULL, room text NOT NULL, PRIMARY KEY (username, room))",
        "CREATE INDEX followed_rooms_by_room ON followed_rooms (room)",
        "CREATE TABLE followed_people (username text NOT NULL, person text NOT NULL, PRIMARY KEY (username, person))",
        "CREATE INDEX followed_people_by_person ON followed_people (person)",
        // The refreshes already turned into alerts: each is queued once, whoever runs the queue.
        "CREATE TABLE alert_refreshes (token text PRIMARY KEY, queued_at timestamptz NOT NULL)",
        // The person and the refreshes (key): the same alert is never queued twice.
        """
        CREATE TABLE alerts (
            id bigserial PRIMARY KEY, username text NOT NULL, key text NOT NULL UNIQUE, refreshes text NOT NULL,
            queued_at timestamptz NOT NULL, status text NOT NULL, attempts integer NOT NULL,
            next_attempt_at timestamptz NOT NULL, note text, delivered_at timestamptz, subject text, lines text,
            read_at timestamptz, claimed_until timestamptz, claim text)
        """,
        "CREATE INDEX alerts_due ON alerts (status, next_attempt_at)",
        "CREATE INDEX alerts_by_person ON alerts (username, id)",
        // The key unsubscribe links are signed with, made on first use; never leaves the store.
        "CREATE TABLE alert_secret (id integer PRIMARY KEY CHECK (id = 1), key bytea NOT NULL)",
    ]

    private static let version2 = [
        // Who holds the refresher role, since when, under which epoch; and the last snapshot
        // version given. Logged (unlike the snapshots), so numbers never repeat after a crash.
        """
        CREATE TABLE index_refresher (
            id integer PRIMARY KEY CHECK (id = 1), epoch bigint NOT NULL, last_version bigint NOT NULL,
            holder text, since timestamptz)
        """,
        "INSERT INTO index_refresher (id, epoch, last_version) VALUES (1, 0, 0)",
        // Derived data, fetched again or published again after a crash: kept out of the
        // write-ahead log (and so out of streaming replicas and archives).
        """
        CREATE UNLOGGED TABLE index_snapshots (
            version bigint PRIMARY KEY, generation bigint NOT NULL, size bigint NOT NULL, sha256 text NOT NULL,
            chunks integer NOT NULL, epoch bigint NOT NULL, published_at timestamptz NOT NULL)
        """,
        """
        CREATE UNLOGGED TABLE index_snapshot_chunks (
            version bigint NOT NULL REFERENCES index_snapshots ON DELETE CASCADE, seq integer NOT NULL,
            data bytea NOT NULL, PRIMARY KEY (version, seq))
        """,
        // SQLite pages do not compress much: stored as they are, not tried with pglz first.
        "ALTER TABLE index_snapshot_chunks ALTER COLUMN data SET STORAGE EXTERNAL",
    ]

    private static let version3 = [
        // A log-in attempt's locks, the failures under its keys and the attempt written as a
        // failure under each, in one round trip: the locks are held to the end of the caller's
        // transaction, and each statement of a function reads as of when it starts, so the
        // failures read are those of every attempt that held the locks before. Rows with an
        // id are the attempt's own.
        """
        CREATE FUNCTION campus_begin_login_attempt(
            locks text[], kinds text[], keys text[], since timestamptz, attempt_at timestamptz)
        RETURNS TABLE (kind text, key text, at timestamptz, id bigint)
        LANGUAGE plpgsql VOLATILE AS $$
        #variable_conflict use_column
        BEGIN
            PERFORM pg_advisory_xact_lock(wanted.lock) FROM (
                SELECT DISTINCT hashtextextended(name, 0) AS lock FROM unnest(locks) AS name ORDER BY lock) AS wanted;
            RETURN QUERY
                SELECT failure.kind, failure.key, failure.at, NULL::bigint FROM login_failures AS failure
                WHERE (failure.kind, failure.key) IN (SELECT * FROM unnest(kinds, keys)) AND failure.at >= since;
            RETURN QUERY
                INSERT INTO login_failures AS failure (kind, key, at)
                SELECT attempt.kind, attempt.key, attempt_at FROM unnest(kinds, keys) AS attempt (kind, key)
                RETURNING failure.kind, failure.key, failure.at, failure.id;
        END
        $$
        """,
    ]

    private static let version4 = [
        "DROP FUNCTION campus_begin_login_attempt(text[], text[], text[], timestamptz, timestamptz)",
        // As v3's, except that the attempt is written only when every key has fewer failures
        // since `since` than its limit: no lock can then hold (a lock needs that many), so a
        // caller may run it as a statement of its own, the locks held only while it runs. Near
        // a limit it writes nothing and answers the failures, for the caller to decide under
        // the locks in a transaction (see PostgresUserState.beginLoginAttempt).
        """
        CREATE FUNCTION campus_begin_login_attempt(
            locks text[], kinds text[], keys text[], limits integer[], since timestamptz, attempt_at timestamptz)
        RETURNS TABLE (kind text, key text, at timestamptz, id bigint)
        LANGUAGE plpgsql VOLATILE AS $$
        #variable_conflict use_column
        DECLARE
            near boolean;
        BEGIN
            PERFORM pg_advisory_xact_lock(wanted.lock) FROM (
                SELECT DISTINCT hashtextextended(name, 0) AS lock FROM unnest(locks) AS name ORDER BY lock) AS wanted;
            SELECT EXISTS (
                SELECT 1 FROM unnest(kinds, keys, limits) AS wanted (kind, key, most)
                WHERE (SELECT count(*) FROM login_failures AS failure
                       WHERE failure.kind = wanted.kind AND failure.key = wanted.key AND failure.at >= since) >= wanted.most)
            INTO near;
            IF near THEN
                RETURN QUERY
                    SELECT failure.kind, failure.key, failure.at, NULL::bigint FROM login_failures AS failure
                    WHERE (failure.kind, failure.key) IN (SELECT * FROM unnest(kinds, keys)) AND failure.at >= since;
            ELSE
                RETURN QUERY
                    INSERT INTO login_failures AS failure (kind, key, at)
                    SELECT attempt.kind, attempt.key, attempt_at FROM unnest(kinds, keys) AS attempt (kind, key)
                    RETURNING failure.kind, failure.key, failure.at, failure.id;
            END IF;
        END
        $$
        """,
    ]

    private static let version5 = [
        // Each time failed log-ins locked an account at one network: told to its owner, kept a while.
        "CREATE TABLE login_lockouts (username text NOT NULL, network text NOT NULL, at timestamptz NOT NULL, until timestamptz NOT NULL)",
        "CREATE INDEX login_lockouts_by_username ON login_lockouts (username, at)",
    ]

    private static let version6 = [
        // A sign-in sent to the campus's sign-in service, taken once when it comes back.
        """
        CREATE TABLE pending_sign_ins (key text PRIMARY KEY, method text NOT NULL, nonce text NOT NULL, verifier text NOT NULL,
            next text NOT NULL, keep boolean NOT NULL, demands_mfa boolean NOT NULL, started_at timestamptz NOT NULL)
        """,
    ]

    private static let version7 = [
        // A SAML assertion's issuer and ID once it signed someone in, kept while it could be replayed.
        "CREATE TABLE used_sign_in_proofs (key text PRIMARY KEY, until timestamptz NOT NULL)",
    ]

    private static let version8 = [
        // Which session at the sign-in service a session here came from, for single logout.
        """
        CREATE TABLE sign_in_links (token_hash text PRIMARY KEY, method text NOT NULL, issuer text NOT NULL, subject text NOT NULL,
            session text NOT NULL, hint text NOT NULL)
        """,
        "CREATE INDEX sign_in_links_by_session ON sign_in_links (issuer, subject, session)",
    ]

    private static let version9 = [
        // A `campus login` waiting for its person to approve it on the web (RFC 8628).
        """
        CREATE TABLE device_grants (key text PRIMARY KEY, user_code text NOT NULL UNIQUE, client text NOT NULL,
            started_at timestamptz NOT NULL, approved_by text, denied boolean NOT NULL, polled_at timestamptz)
        """,
    ]

    private static let version10 = [
        // Follows kept before it have none: made before any username changed hands since.
        "ALTER TABLE followed_people ADD COLUMN followed_at timestamptz",
    ]
}
