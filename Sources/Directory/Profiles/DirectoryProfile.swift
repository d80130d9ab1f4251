import CampusCore

/// How one kind of directory names the facts about a person: which entries
/// are people, which attribute holds each field, which values mean student,
/// faculty or staff, and which attribute carries the FERPA opt-out.
///
/// Profiles are human-edited YAML files; the project ships
/// `directory-profiles/openldap.yaml` (inetOrgPerson + eduPerson) and
/// `directory-profiles/ad.yaml` (Active Directory). Load one with
/// ``load(contentsOf:)`` and map entries with ``person(from:)``.
public struct DirectoryProfile: Sendable, Equatable {
    /// The profile's name, for messages: `openldap`.
    public var name: String
    /// The LDAP filter that selects people: `(objectClass=inetOrgPerson)`.
    public var filter: String
    /// Attributes to read for each field, tried in order.
    public var fields: [DirectoryField: [String]] {
        didSet { fieldKeys = Self.keys(of: fields) }
    }
    /// ``fields`` as entry keys (lower-cased), worked out once rather than per entry.
    private(set) var fieldKeys: [DirectoryField: [String]]
    /// Lower-cased directory values meaning each affiliation.
    public var affiliations: [String: Affiliation]
    /// How the directory marks the FERPA opt-out. Every profile says: an opt-out the
    /// sync cannot read would show people who asked to be hidden.
    public var privacy: Privacy
    /// The attribute holding an entry's last change time, for incremental syncs.
    public var modified: String?

    /// How a directory marks people who opted out of directory information (FERPA).
    public enum Privacy: Sendable, Equatable {
        /// An entry whose `attribute` holds one of `values` (lower-cased; see ``attribute(_:matching:)``).
        case attribute(String, values: Set<String>)
        /// A member of the group with this DN, through nested groups as the directory resolves
        /// them (Active Directory's in-chain rule; OpenLDAP's `memberOf`, without nesting).
        case memberOf(String)
        /// The directory keeps no opt-outs: nobody is suppressed, and no sync asks.
        case none

        /// An attribute opt-out, its values lower-cased.
        public static func attribute(_ name: String, matching values: [String]) -> Privacy {
            .attribute(name, values: Set(values.map { $0.lowercased() }))
        }

        /// The opt-out attribute, for the attribute kind.
        public var attribute: String? {
            if case .attribute(let name, _) = self { name } else { nil }
        }
    }

    public init(
        name: String, filter: String, fields: [DirectoryField: [String]],
        affiliations: [String: Affiliation] = [:], privacy: Privacy = .none, modified: String? = nil
    ) {
        self.name = name
        self.filter = filter
        self.fields = fields
        fieldKeys = Self.keys(of: fields)
        self.affiliations = Dictionary(affiliations.map { ($0.key.lowercased(), $0.value) }) { first, _ in first }
        self.privacy = privacy
        self.modified = modified
    }

    private static func keys(of fields: [DirectoryField: [String]]) -> [DirectoryField: [String]] {
        fields.mapValues { $0.map(DirectoryEntry.key) }
    }

    /// Every attribute a search must ask for: the fields', the opt-out's and the change time's.
    public var requestedAttributes: [String] {
        var names = DirectoryField.allCases.flatMap { fields[$0] ?? [] }
        if let attribute = privacy.attribute { names.append(attribute) }
        if let modified { names.append(modified) }
        var seen = Set<String>()
        return names.filter { seen.insert($0.lowercased()).inserted }
    }
}
