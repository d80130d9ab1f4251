import CampusCore
import Foundation

extension DirectoryProfile {
    /// The person `entry` describes, or nil when it has no username (not a person for this profile).
    public func person(from entry: DirectoryEntry) -> DirectoryPerson? {
        guard let username = text(.username, in: entry) else { return nil }
        return DirectoryPerson(
            username: username, dn: entry.dn,
            displayName: text(.displayName, in: entry), givenName: text(.givenName, in: entry),
            familyName: text(.familyName, in: entry), email: text(.email, in: entry),
            phone: text(.phone, in: entry), office: text(.office, in: entry),
            campusMail: text(.campusMail, in: entry), department: text(.department, in: entry),
            title: text(.title, in: entry), affiliation: affiliation(of: entry),
            major: text(.major, in: entry), classYear: text(.classYear, in: entry),
            advisorUsername: advisor(of: entry), photo: photo(of: entry),
            suppressed: isSuppressed(entry), modifiedAt: modified.flatMap { entry.text($0) },
            passwordChangedAt: text(.passwordChanged, in: entry))
    }

    /// The first non-blank text value among the field's attributes, control characters
    /// written visibly (``VisibleText``).
    func text(_ field: DirectoryField, in entry: DirectoryEntry) -> String? {
        for key in fieldKeys[field] ?? [] {
            if let text = entry.text(forKey: key) { return VisibleText.escaped(text) }
        }
        return nil
    }

    /// The first value of the field's attributes that names a known affiliation.
    private func affiliation(of entry: DirectoryEntry) -> Affiliation {
        for key in fieldKeys[.affiliation] ?? [] {
            for value in entry.comparableTexts(forKey: key) {
                if let meaning = affiliations[value] { return meaning }
            }
        }
        return .unknown
    }

    /// The advisor's username: the username attribute's value of a DN, or the value itself.
    private func advisor(of entry: DirectoryEntry) -> String? {
        guard let value = text(.advisor, in: entry) else { return nil }
        guard value.contains("=") else { return value }
        for attribute in fields[.username] ?? [] {
            if let username = DistinguishedName.firstValue(of: attribute, in: value) { return username }
        }
        return nil
    }

    private func photo(of entry: DirectoryEntry) -> [UInt8]? {
        for key in fieldKeys[.photo] ?? [] {
            if let value = entry.attributes[key]?.first, !value.isEmpty { return [UInt8](value) }
        }
        return nil
    }

    /// Whether the entry itself says its person opted out: the attribute's value, or (from
    /// an export that carries `memberOf`) a direct membership of the opt-out group.
    private func isSuppressed(_ entry: DirectoryEntry) -> Bool {
        switch privacy {
        case .attribute(let attribute, let values):
            entry.comparableTexts(forKey: DirectoryEntry.key(attribute)).contains { values.contains($0) }
        case .memberOf(let group):
            entry.comparableTexts(forKey: DirectoryEntry.key("memberOf")).contains { DistinguishedName.same($0, group) }
        case .none:
            false
        }
    }
}
