import CampusCore
internal import GRDB

/// The contact details a directory sync changed (e-mail, phone, office, campus mail), caught by a
/// temporary trigger as each entry is rewritten, for the ``ChangeLog``. A sync's batches read again
/// after a restart roll back with their rows, as the trigger's rows sit in the same transaction.
enum ContactChanges {
    /// The watched columns and how a change names them.
    static let fields = [("email", "e-mail"), ("phone", "phone"), ("office", "office"), ("campus_mail", "campus mail")]

    /// Creates the trigger and its table on this connection, and empties the table.
    static func watch(_ db: Database) throws {
        let inserts = fields.map { column, name in
            """
            INSERT INTO directory_contact_changes (username, field, before, after)
                SELECT NEW.username, '\(name)', OLD.\(column), NEW.\(column) WHERE OLD.\(column) IS NOT NEW.\(column);
            """
        }.joined(separator: "\n")
        try db.execute(sql: """
            CREATE TEMP TABLE IF NOT EXISTS directory_contact_changes (
                id INTEGER PRIMARY KEY, username TEXT NOT NULL, field TEXT NOT NULL, before TEXT, after TEXT);
            DELETE FROM temp.directory_contact_changes;
            CREATE TEMP TRIGGER IF NOT EXISTS directory_contact_changed
            AFTER UPDATE OF \(fields.map(\.0).joined(separator: ", ")) ON main.directory_people
            BEGIN
            \(inserts)
            END;
            """)
    }

    /// The changes caught since ``watch(_:)``, one per person and field, in the order made; empties the table.
    static func collect(_ db: Database) throws -> [ClassChange] {
        let rows = try Row.fetchAll(db, sql: "SELECT username, field, before, after FROM temp.directory_contact_changes ORDER BY id")
        try db.execute(sql: "DELETE FROM temp.directory_contact_changes")
        return rows.map { row in
            ClassChange(kind: .contactChanged, title: row[1], person: row[0], before: row[2], after: row[3])
        }
    }
}
