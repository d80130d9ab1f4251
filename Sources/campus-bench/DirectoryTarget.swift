import Directory
import Foundation
import SlapdHarness

/// The benchmark's slapd and what every contender asks of it: the base, the admin
/// bind (its password only ever in a file), the profile's filter and attributes,
/// the page size. Builds the command lines of `ldapsearch` and `campus`.
struct DirectoryTarget {
    let server: SlapdServer
    let profile: DirectoryProfile
    /// The profile's name or file, as `campus sync directory --profile` takes it.
    let profileName: String
    let pageSize: Int

    /// `ldapsearch` of the profile's attributes below the base as the admin, in LDIF,
    /// paged like the sync (`-E pr=N/noprompt`) when `paged`.
    func ldapsearch(filter: String, paged: Bool) -> [String] {
        var arguments = ["-x", "-LLL"]
        if paged { arguments += ["-E", "pr=\(pageSize)/noprompt"] }
        return arguments + ["-H", server.url, "-D", server.adminDN, "-y", server.adminPasswordFile,
                            "-b", server.baseDN, filter] + profile.requestedAttributes
    }

    /// The filter finding one person: `(uid=USERNAME)`, the value escaped.
    func userFilter(_ username: String) -> String {
        LDAPFilter.equals(profile.fields[.username]?.first ?? "uid", username)
    }

    /// `campus sync directory` from this server into `index`, JSON on standard output.
    func campusSync(index: URL, full: Bool) -> [String] {
        ["sync", "directory", "--url", server.url, "--base", server.baseDN, "--bind-dn", server.adminDN,
         "--password-file", server.adminPasswordFile, "--profile", profileName,
         "--page-size", String(pageSize), "--index", index.path, "--json"] + (full ? ["--full"] : [])
    }

    /// `campus person USERNAME --json` from `index`.
    func campusPerson(_ username: String, index: URL) -> [String] {
        ["person", username, "--index", index.path, "--json"]
    }

    /// An open connection to the server, bound as the admin, as `campus sync directory` binds.
    func openConnection() throws -> DirectoryConnection {
        let connection = DirectoryConnection(server: try DirectoryServer(url: server.url))
        try connection.open()
        let password = try DirectorySecret.readFile(server.adminPasswordFile)
        try connection.bind(.simple(bindDN: server.adminDN, password: password,
                                    source: "the file \(server.adminPasswordFile)"))
        return connection
    }
}
