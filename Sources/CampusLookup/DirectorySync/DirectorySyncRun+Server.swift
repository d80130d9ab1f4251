internal import CampusIndex
import CampusCore
internal import Directory

extension DirectorySyncRun {
    /// Pages through the server's people into `stager`, restarting from the first
    /// page (and dropping what was staged) when the connection is lost midway.
    mutating func readServer(_ server: DirectoryServer, credential: DirectoryCredential, base: String,
                             into stager: DirectoryStager) throws -> DirectorySearchOutcome {
        let session = DirectorySession(server: server, credential: credential)
        defer { session.close() }
        let root = try read("", attributes: ["subschemaSubentry", "supportedCapabilities"], through: session)
        let attributeTypes = try root?.text("subschemaSubentry").flatMap { subschema in
            try read(subschema, attributes: ["attributeTypes"], through: session)?.texts("attributeTypes")
        }
        if let attributeTypes { warnings += attributesMissing(fromSchema: attributeTypes) }
        let optOuts = DirectoryOptOuts(profile: request.profile, filter: request.peopleFilter, base: base)
        if let members = try optOuts.read(through: session, attributeTypes: attributeTypes,
                                          capabilities: root?.texts("supportedCapabilities") ?? []) {
            stager.optOuts = members
        }
        let search = DirectorySearchRequest(
            base: base, filter: filter, attributes: request.profile.requestedAttributes, pageSize: request.pageSize)
        return try session.search(search, onRestart: { _ in try stager.restart() }, receive: { try stager.add($0) })
    }

    /// The people filter; for an incremental sync, narrowed to entries changed since the high-water mark.
    var filter: String {
        guard kind == .incremental, let modified = request.profile.modified, let mark = previous?.highWater else {
            return request.peopleFilter
        }
        return LDAPFilter.and([request.peopleFilter, LDAPFilter.greaterOrEqual(modified, mark)])
    }

    /// One warning naming the profile's fields whose attributes the server's schema lacks (the
    /// opt-out's is no warning: ``DirectoryOptOuts`` refuses the sync).
    private func attributesMissing(fromSchema attributeTypes: [String]) -> [String] {
        let missing = request.profile.fieldsMissing(fromSchema: attributeTypes).filter { !$0.hasPrefix("privacy ") }
        guard !missing.isEmpty else { return [] }
        return ["the server's schema lacks the attributes the profile \(request.profile.name) maps for "
            + missing.joined(separator: ", ") + "; those fields stay empty"]
    }

    private func read(_ dn: String, attributes: [String], through session: DirectorySession) throws -> DirectoryEntry? {
        var found: DirectoryEntry?
        try session.search(
            DirectorySearchRequest(base: dn, scope: .base, attributes: attributes),
            onRestart: { _ in found = nil }, receive: { found = $0.first })
        return found
    }
}
