import CampusCore
import Foundation
import Yams

extension DirectoryProfile {
    /// Reads and checks the profile file at `url`.
    ///
    /// A profile must map `username`; unknown field names, unknown affiliations and
    /// a filter without parentheses are refused with the file and the key named.
    public static func load(contentsOf url: URL) throws(DirectoryProfileError) -> DirectoryProfile {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadable(path: url.path, detail: error.localizedDescription)
        }
        return try parse(text, path: url.path)
    }

    /// Reads a profile from YAML `text`; `path` names it in errors.
    public static func parse(_ text: String, path: String) throws(DirectoryProfileError) -> DirectoryProfile {
        let file: ProfileFile
        do {
            file = try YAMLDecoder().decode(ProfileFile.self, from: text)
        } catch let error as DecodingError {
            throw .invalid(path: path, detail: error.readableDescription())
        } catch {
            throw .invalid(path: path, detail: ErrorText.firstLine(of: error))
        }
        return try file.profile(path: path)
    }
}

/// The YAML shape of a profile file.
private struct ProfileFile: Decodable {
    var name: String
    var filter: String
    var fields: [String: AttributeList]
    var affiliations: [String: AttributeList]?
    var privacy: PrivacyFile?
    var modified: String?

    struct PrivacyFile: Decodable {
        var attribute: String
        var values: [String]
    }

    func profile(path: String) throws(DirectoryProfileError) -> DirectoryProfile {
        let trimmedFilter = filter.trimmingCharacters(in: .whitespaces)
        guard trimmedFilter.hasPrefix("("), trimmedFilter.hasSuffix(")") else {
            throw .invalid(path: path, detail: "filter '\(filter)' must be an LDAP filter in parentheses, such as (objectClass=person)")
        }
        var mapped: [DirectoryField: [String]] = [:]
        for (key, attributes) in fields {
            guard let field = DirectoryField(rawValue: key) else {
                let known = DirectoryField.allCases.map(\.rawValue).joined(separator: ", ")
                throw .invalid(path: path, detail: "unknown field '\(key)' under fields (known: \(known))")
            }
            mapped[field] = attributes.names
        }
        guard mapped[.username]?.isEmpty == false else {
            throw .invalid(path: path, detail: "fields.username is missing: name the attribute holding each person's username (uid, sAMAccountName)")
        }
        var meanings: [String: Affiliation] = [:]
        for (key, values) in affiliations ?? [:] {
            guard let affiliation = Affiliation(rawValue: key), affiliation != .unknown else {
                throw .invalid(path: path, detail: "unknown affiliation '\(key)' under affiliations (known: student, faculty, staff)")
            }
            for value in values.names { meanings[value.lowercased()] = affiliation }
        }
        return DirectoryProfile(
            name: name, filter: trimmedFilter, fields: mapped, affiliations: meanings,
            privacy: privacy.map { .init(attribute: $0.attribute, values: Set($0.values)) }, modified: modified)
    }
}

/// One attribute name or a list of them.
private struct AttributeList: Decodable {
    var names: [String]

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let name = try? container.decode(String.self) {
            names = [name]
        } else {
            names = try container.decode([String].self)
        }
    }
}
