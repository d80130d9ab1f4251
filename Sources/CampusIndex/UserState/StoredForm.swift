import CampusCore
import Foundation

/// How a user-state store writes the values that are not plain columns: a consent's
/// audience, a share's content, a list of strings. One form for both stores (SQLite here,
/// PostgreSQL in `UserStatePostgres`), so that `campus state migrate` copies rows as they are.
package enum StoredForm {
    /// A consent's audience as its columns: `person`, `group` or `section`; the username, the
    /// group's name or the section's id; a group's owner; a section's term.
    package static func columns(of audience: Consent.Audience) -> (kind: String, name: String, owner: String?, term: String?) {
        switch audience {
        case .person(let username): ("person", username, nil, nil)
        case .group(let owner, let name): ("group", name, owner, nil)
        case .section(let section, let term): ("section", section.rawValue, nil, term.rawValue)
        }
    }

    /// The audience those columns write; `nil` for a kind this version does not know.
    package static func audience(kind: String, name: String, owner: String?, term: String?) -> Consent.Audience? {
        switch kind {
        case "person": return .person(name)
        case "group":
            guard let owner else { return nil }
            return .group(owner: owner, name: name)
        case "section":
            guard let section = SectionID(name), let term = term.flatMap({ TermCode($0) }) else { return nil }
            return .section(section, term: term)
        default: return nil
        }
    }

    /// A share's content as its columns: `schedule`, or `overlay` and its group.
    package static func columns(of content: Share.Content) -> (kind: String, group: String?) {
        switch content {
        case .schedule: ("schedule", nil)
        case .overlay(let group): ("overlay", group)
        }
    }

    /// The content those columns write; `nil` for a kind this version does not know.
    package static func content(kind: String, group: String?) -> Share.Content? {
        switch kind {
        case "schedule": .schedule
        case "overlay": .overlay(group: group ?? Favorite.defaultGroup)
        default: nil
        }
    }

    /// Strings as a JSON list: `["a","b"]`.
    package static func list(_ strings: [String]) -> String {
        SQLList.json(strings)
    }

    /// The strings of a JSON list; none when it is not one.
    package static func strings(_ json: String) -> [String] {
        (try? JSONDecoder().decode([String].self, from: Data(json.utf8))) ?? []
    }
}
