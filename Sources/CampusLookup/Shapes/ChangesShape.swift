import CampusCore

/// `GET /v1/changes`, `campus changes --json`: what refreshes found changed, newest first.
///
/// ```json
/// {"refreshes": [{"refresh": 12, "source": "registrar", "term": "202630", "foundAt": "2026-11-28T06:00:00Z",
///   "changes": [{"kind": "room-changed", "term": "202630", "section": "PH235-01", "title": "Modern Physics",
///     "person": null, "before": "M111", "after": "O169", "text": "PH235-01 Modern Physics: room M111 → O169"}]}]}
/// ```
public struct ChangesShape: Codable, Sendable {
    public struct Refresh: Codable, Sendable {
        public var refresh: Int64
        /// `registrar` or `directory`.
        public var source: String
        @Nullable public var term: String?
        public var foundAt: String
        public var changes: [Change]
    }

    public struct Change: Codable, Sendable {
        /// `section-added`, `section-cancelled`, `time-changed`, `room-changed`, `instructor-changed`,
        /// `capacity-changed`, `student-added`, `student-dropped`, `contact-changed`.
        public var kind: String
        @Nullable public var term: String?
        @Nullable public var section: String?
        @Nullable public var title: String?
        @Nullable public var person: String?
        @Nullable public var before: String?
        @Nullable public var after: String?
        /// The change as one line for people.
        public var text: String

        public init(_ change: ClassChange) {
            kind = change.kind.rawValue
            term = change.term?.rawValue
            section = change.section?.rawValue
            title = change.title
            person = change.person
            before = change.before
            after = change.after
            text = change.sentence
        }
    }

    public var refreshes: [Refresh]

    public init(_ found: [FoundChanges]) {
        refreshes = found.map { refresh in
            Refresh(
                refresh: refresh.refresh, source: refresh.source.rawValue, term: refresh.term?.rawValue,
                foundAt: Timestamp.text(refresh.foundAt), changes: refresh.changes.map(Change.init))
        }
    }
}
