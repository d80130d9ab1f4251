internal import CampusIndex
import CampusCore
internal import Directory

/// How a sync from a directory server knows who opted out (FERPA), checked before anyone is
/// read: a sync that cannot read the opt-out refuses to run rather than show everyone.
///
/// - An attribute: the server's schema must define it (Active Directory's
///   `extensionAttribute1` comes only with Exchange's schema).
/// - Membership of a group: the group must exist; Active Directory resolves nested groups
///   (the in-chain rule `1.2.840.113556.1.4.1941`), OpenLDAP needs its `memberof` overlay
///   (direct members only). The members' usernames are read by one paged search per sync,
///   so a membership changed since the last sync counts even when the person's entry did not change.
/// - None: nothing to check, nobody suppressed.
struct DirectoryOptOuts {
    let profile: DirectoryProfile
    /// The people filter, exclusions applied.
    let filter: String
    let base: String

    /// The rootDSE's marker of an Active Directory server (`LDAP_CAP_ACTIVE_DIRECTORY_OID`).
    static let activeDirectoryCapability = "1.2.840.113556.1.4.800"

    /// Checks the opt-out can be read; for a group, the usernames of its members (lower-cased),
    /// else `nil` (each entry says for itself).
    ///
    /// - Parameters:
    ///   - attributeTypes: the server's schema (`attributeTypes` values), `nil` when it publishes none.
    ///   - capabilities: the rootDSE's `supportedCapabilities`.
    /// - Throws: ``CampusError/directory(_:)`` naming what is missing and the way out.
    func read(through session: DirectorySession, attributeTypes: [String]?, capabilities: [String]) throws -> Set<String>? {
        let defined = attributeTypes.map { Set($0.flatMap(DirectoryProfile.names(inDefinition:))) }
        switch profile.privacy {
        case .none:
            return nil
        case .attribute(let attribute, _):
            if let defined, !defined.contains(attribute.lowercased()) {
                throw CampusError.directory(
                    "the directory's schema has no attribute \(attribute), which the profile \(profile.name) reads FERPA opt-outs from, "
                        + "so this sync cannot tell who opted out and would show them to everyone: it did not run. Say in the profile "
                        + "how this directory marks opt-outs: privacy: {attribute: NAME, values: [VALUE]} with an attribute it has, "
                        + "privacy: {member-of: GROUP-DN}, or privacy: none if it keeps none")
            }
            return nil
        case .memberOf(let group):
            return try members(of: group, through: session, defined: defined, capabilities: capabilities)
        }
    }

    private func members(of group: String, through session: DirectorySession, defined: Set<String>?, capabilities: [String]) throws -> Set<String> {
        var found = false
        do {
            try session.search(DirectorySearchRequest(base: group, scope: .base, attributes: ["1.1"]),
                               onRestart: { _ in found = false }, receive: { found = found || !$0.isEmpty })
        } catch DirectoryError.noSuchBase {
            found = false
        }
        guard found else {
            throw CampusError.directory(
                "the FERPA opt-out group \(group), which the profile \(profile.name) names (privacy: member-of), is not in the "
                    + "directory, so this sync cannot tell who opted out: it did not run. Give the group's DN as the directory writes it")
        }
        let rule: String
        if capabilities.contains(Self.activeDirectoryCapability) {
            rule = "memberOf:1.2.840.113556.1.4.1941:"
        } else if defined?.contains("memberof") ?? true {
            rule = "memberOf"
        } else {
            throw CampusError.directory(
                "the directory keeps no memberOf attribute (OpenLDAP's memberof overlay), so the members of the FERPA opt-out "
                    + "group \(group) cannot be read: this sync did not run. Load the overlay, or mark opt-outs by an attribute "
                    + "(privacy: {attribute: NAME, values: [VALUE]})")
        }
        var usernames = Set<String>()
        let request = DirectorySearchRequest(
            base: base, filter: LDAPFilter.and([filter, "(\(rule)=\(LDAPFilter.escape(group)))"]),
            attributes: profile.fields[.username] ?? [], pageSize: 500)
        try session.search(request, onRestart: { _ in usernames.removeAll() }) { entries in
            for entry in entries {
                if let person = profile.person(from: entry) { usernames.insert(person.username.lowercased()) }
            }
        }
        return usernames
    }
}
