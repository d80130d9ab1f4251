import CampusCore
import CampusIndex

/// A favorites group named in an overlay (`@study`) that holds nobody.
public struct EmptyGroupError: Error, CustomStringConvertible {
    /// The group, without the `@`.
    public var group: String
    /// Whose favorites were looked in.
    public var owner: String

    public var description: String {
        "the favorites group '\(group)' of \(owner) has nobody in it: "
            + "add people with `campus favorites add USER --group \(group)`, or list the groups with `campus favorites list`."
    }
}

extension CampusIndexStore {
    /// The usernames in `owner`'s favorites group `group`, split into those the index knows and
    /// those it has lost; people the directory suppresses are left out, as `campus favorites list` does.
    ///
    /// - Throws: ``EmptyGroupError`` when the group holds nobody.
    func overlayGroup(_ group: String, owner: String) throws -> (known: [Person], lost: [String]) {
        var known: [Person] = []
        var lost: [String] = []
        for favorite in try favorites(owner: owner, group: group) where try !isSuppressed(favorite.username) {
            if let person = try person(favorite.username) { known.append(person) } else { lost.append(favorite.username) }
        }
        guard !known.isEmpty || !lost.isEmpty else { throw EmptyGroupError(group: group, owner: owner) }
        return (known, lost)
    }
}
