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
        warnings += try attributesMissingFromSchema(session)
        let search = DirectorySearchRequest(
            base: base, filter: filter, attributes: request.profile.requestedAttributes, pageSize: request.pageSize)
        return try session.search(search, onRestart: { _ in try stager.restart() }, receive: { try stager.add($0) })
    }

    /// The profile's filter; for an incremental sync, narrowed to entries changed since the high-water mark.
    var filter: String {
        guard kind == .incremental, let modified = request.profile.modified, let mark = previous?.highWater else {
            return request.profile.filter
        }
        return LDAPFilter.and([request.profile.filter, LDAPFilter.greaterOrEqual(modified, mark)])
    }

    /// One warning naming the profile's attributes the server's schema lacks (none when the
    /// server does not publish its schema).
    private func attributesMissingFromSchema(_ session: DirectorySession) throws -> [String] {
        guard let subschema = try read("", attributes: ["subschemaSubentry"], through: session)?.text("subschemaSubentry"),
              let schema = try read(subschema, attributes: ["attributeTypes"], through: session) else { return [] }
        let missing = request.profile.fieldsMissing(fromSchema: schema.texts("attributeTypes"))
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
