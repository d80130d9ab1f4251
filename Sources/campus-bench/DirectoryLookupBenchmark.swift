import CampusCore
import Foundation
import CampusLookup
import Directory

/// Goal 3: what `campus person` does after start-up, `CampusService.person(_:as:now:)` as the operator (everything
/// `campus person --json` shows, in one read) on the open index, against the same lookup as an LDAP search
/// (`(uid=USER)`, the profile's attributes, unpaged, the entry mapped with the profile),
/// twice: on one connection opened and bound beforehand (the most favourable case for
/// LDAP), and on a connection opened, bound and closed for each lookup (what a lookup
/// costs a tool without an index, like `ldapsearch`). All in this process, after 100
/// warm-up lookups each; every lookup must find its person.
struct DirectoryLookupBenchmark {
    struct Result {
        let index: DirectorySamples
        let ldap: DirectorySamples
        let ldapConnecting: DirectorySamples
        var ratio: Double { ldap.median / index.median }
        var connectingRatio: Double { ldapConnecting.median / index.median }
    }

    let target: DirectoryTarget
    let door: CampusService
    let usernames: [String]

    func run() async throws -> Result {
        let connection = try target.openConnection()
        defer { connection.close() }
        return Result(
            index: try await measure(fromIndex), ldap: try await measure { try fromLDAP($0, connection) },
            ldapConnecting: try await measure { username in
                let fresh = try target.openConnection()
                defer { fresh.close() }
                return try fromLDAP(username, fresh)
            })
    }

    private func measure(_ lookup: (String) async throws -> Bool) async throws -> DirectorySamples {
        for username in usernames.prefix(100) { _ = try await lookup(username) }
        var samples: [Double] = []
        samples.reserveCapacity(usernames.count)
        for username in usernames {
            let timed = try await Stopwatch.time { try await lookup(username) }
            guard timed.value else { throw BenchmarkFailure("no person \(username) found") }
            samples.append(timed.seconds)
        }
        return DirectorySamples(samples)
    }

    private func fromIndex(_ username: String) async throws -> Bool {
        try await door.person(username, as: .operator(), now: Date()).answer.directorySyncedAt != nil
    }

    private func fromLDAP(_ username: String, _ connection: DirectoryConnection) throws -> Bool {
        let request = DirectorySearchRequest(
            base: target.server.baseDN, filter: target.userFilter(username), attributes: target.profile.requestedAttributes,
            pageSize: nil)
        var person: DirectoryPerson?
        try connection.search(request) { entries in person = entries.first.flatMap(target.profile.person(from:)) }
        return person != nil
    }
}
