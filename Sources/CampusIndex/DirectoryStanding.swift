import CampusCore
import Foundation
internal import GRDB

/// What directory syncs record that ends sessions and shared links made before it: when a
/// person's password last changed (as the directory says, `password-changed` in the profile),
/// when their opt-out last changed (the sync that saw it), and when they left the directory
/// (the full sync that no longer found them), and when the person holding the username came.
/// Checked at each use of a session, link or consent, from
/// the index alone: one primary-key probe of two tables.
public struct DirectoryStanding: Sendable, Equatable {
    /// Whether the directory holds the person now.
    public var inDirectory: Bool
    /// Whether the directory suppresses them now.
    public var suppressed: Bool
    /// When a full sync last found them gone; `nil` while they are in the directory.
    public var leftAt: Date?
    /// When their password last changed, as the directory wrote it.
    public var passwordChangedAt: Date?
    /// When a sync last saw their opt-out set or lifted.
    public var privacyChangedAt: Date?
    /// When a sync first read the person holding this username now, after someone who held it
    /// had left it free for ``reuseAfter``; `nil` when no one is known to have held it before them.
    ///
    /// Known from the username alone: a username deleted and made again for someone else
    /// between two full syncs, or sooner than ``reuseAfter``, is not seen to change hands.
    public var arrivedAt: Date?

    /// How long a username must have been out of the directory for the next to hold it to be
    /// someone new: campuses wait far longer before giving a username again, while a person a
    /// sync missed (a second directory source's, read again at its own sync) is back within it.
    public static let reuseAfter: TimeInterval = 86_400

    public init(inDirectory: Bool, suppressed: Bool, leftAt: Date? = nil, passwordChangedAt: Date? = nil,
                privacyChangedAt: Date? = nil, arrivedAt: Date? = nil) {
        self.inDirectory = inDirectory
        self.suppressed = suppressed
        self.leftAt = leftAt
        self.passwordChangedAt = passwordChangedAt
        self.privacyChangedAt = privacyChangedAt
        self.arrivedAt = arrivedAt
    }

    /// Whether something made at `moment` under this username was made by the person who holds
    /// it now: they have not left the directory since, and it was not made before they took the
    /// username from someone else. Consents, requests and follows end with the person.
    public func isSamePerson(since moment: Date) -> Bool {
        !(leftAt.map { $0 > moment } ?? false) && !(arrivedAt.map { $0 > moment } ?? false)
    }

    /// Whether something a person made at `moment` (a log-in, a link) still stands: they are
    /// the same person (``isSamePerson(since:)``) and have not changed their password since.
    public func keeps(madeAt moment: Date) -> Bool {
        isSamePerson(since: moment) && !(passwordChangedAt.map { $0 > moment } ?? false)
    }

    /// Whether a link a person shared at `moment` still stands: as ``keeps(madeAt:)``, and
    /// their opt-out has not changed since.
    public func keepsLink(madeAt moment: Date) -> Bool {
        keeps(madeAt: moment) && !(privacyChangedAt.map { $0 > moment } ?? false)
    }

    /// Migration v13: the columns and the table the standing is read from.
    static func create(_ db: Database) throws {
        try db.execute(sql: """
            ALTER TABLE directory_people ADD COLUMN password_changed_at TEXT;
            ALTER TABLE directory_people ADD COLUMN privacy_changed_at DATETIME;
            UPDATE directory_people SET privacy_changed_at = synced_at WHERE suppressed;
            CREATE TABLE directory_departures (username TEXT PRIMARY KEY COLLATE NOCASE, left_at DATETIME NOT NULL) WITHOUT ROWID;
            """)
    }

    /// Migration v19: when each person came; unknown (`NULL`) for those the index held already.
    static func addArrivals(_ db: Database) throws {
        try db.execute(sql: "ALTER TABLE directory_people ADD COLUMN arrived_at DATETIME")
    }
}

extension IndexReader {
    /// The standing of `username` as the directory syncs recorded it, whether or not this read shows them.
    public func standing(of username: String) throws -> DirectoryStanding {
        try row(Self.standingSQL, [.text(username)]) { row in
            DirectoryStanding(
                inDirectory: row.bool(0), suppressed: row.bool(1), leftAt: try row.text(2).map(date),
                passwordChangedAt: row.text(3).flatMap(DirectoryTime.date), privacyChangedAt: try row.text(4).map(date),
                arrivedAt: try row.text(5).map(date))
        } ?? DirectoryStanding(inDirectory: false, suppressed: false)
    }

    private static let standingSQL = """
        SELECT directory_people.username IS NOT NULL, COALESCE(directory_people.suppressed, 0), directory_departures.left_at,
            directory_people.password_changed_at, directory_people.privacy_changed_at, directory_people.arrived_at
        FROM (SELECT ? AS username) AS asked
        LEFT JOIN directory_people ON directory_people.username = asked.username
        LEFT JOIN directory_departures ON directory_departures.username = asked.username
        """
}
