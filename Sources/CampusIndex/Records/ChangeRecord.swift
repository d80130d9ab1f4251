import CampusCore
internal import GRDB

/// A row of `changes`: one ``ClassChange`` a refresh found.
struct ChangeRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "changes"

    var refresh: Int64
    var position: Int
    var kind: String
    var term: String?
    var section: String?
    var title: String?
    var person: String?
    var before: String?
    var after: String?
    /// A JSON list; `NULL` in a change logged before v18.
    var rooms: [String]?

    init(_ change: ClassChange, refresh: Int64, position: Int) {
        self.refresh = refresh
        self.position = position
        kind = change.kind.rawValue
        term = change.term?.rawValue
        section = change.section?.rawValue
        title = change.title
        person = change.person
        before = change.before
        after = change.after
        rooms = change.rooms.isEmpty ? nil : change.rooms
    }

    /// The change; `nil` for a kind this build does not know (written by a newer one).
    var change: ClassChange? {
        guard let kind = ClassChange.Kind(rawValue: kind) else { return nil }
        return ClassChange(
            kind: kind, term: term.flatMap { TermCode($0) }, section: section.flatMap { SectionID($0) }, title: title,
            person: person, before: before, after: after, rooms: rooms ?? [])
    }
}
