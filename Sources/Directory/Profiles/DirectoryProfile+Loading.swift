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

    /// `privacy: none`, `privacy: {attribute: NAME, values: [VALUE, ...]}` or `privacy: {member-of: GROUP-DN}`.
    enum PrivacyFile: Decodable {
        case none
        case attribute(String, values: [String])
        case memberOf(String)
        /// A shape none of those: the reason, for the message.
        case unreadable(String)

        private struct Fields: Decodable {
            var attribute: String?
            var values: [String]?
            var memberOf: String?

            enum CodingKeys: String, CodingKey {
                case attribute, values
                case memberOf = "member-of"
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let word = try? container.decode(String.self) {
                self = word.lowercased() == "none" ? .none : .unreadable("'\(word.prefix(40))' is not none")
                return
            }
            let fields = try container.decode(Fields.self)
            switch (fields.attribute, fields.values, fields.memberOf) {
            case (let attribute?, let values?, nil) where !attribute.isEmpty && !values.isEmpty: self = .attribute(attribute, values: values)
            case (nil, nil, let group?) where !group.isEmpty: self = .memberOf(group)
            default: self = .unreadable("give either attribute and values, or member-of")
            }
        }
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
        let opted: DirectoryProfile.Privacy
        switch privacy {
        case nil:
            throw .invalid(path: path, detail: "privacy is missing: say how this directory marks FERPA opt-outs, as "
                + "{attribute: NAME, values: [VALUE]}, {member-of: GROUP-DN}, or none (it keeps none); without it a sync "
                + "would show everyone who opted out")
        case .unreadable(let reason)?:
            throw .invalid(path: path, detail: "privacy: \(reason) (privacy: {attribute: NAME, values: [VALUE]}, {member-of: GROUP-DN}, or none)")
        case .none?: opted = .none
        case .attribute(let attribute, let values)?: opted = .attribute(attribute, matching: values)
        case .memberOf(let group)?: opted = .memberOf(group)
        }
        return DirectoryProfile(name: name, filter: trimmedFilter, fields: mapped, affiliations: meanings, privacy: opted, modified: modified)
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
