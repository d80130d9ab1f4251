import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import SlapdHarness
import Synchronization
import Testing

/// Three `campus serve` processes sharing a PostgreSQL user state behind nginx, as
/// docs/deploying.md sets them up: one refreshes the index from the registrar's pages and
/// publishes it, the others take it in; under a minute of load the registrar moves a
/// section, the refresher is killed with SIGKILL, another takes its role over and publishes
/// the section moved back.
@Suite("Replicas sharing one index: a swap and a killed refresher under load", .serialized)
struct ReplicasEndToEndTests {
    /// One replica: its own home, index and process.
    struct Replica {
        let campus: CampusRunner
        let serving: ServeEndToEndTests.Serving
        var address: String { serving.address }
    }

    /// A client for the load: as many connections to nginx as there are workers.
    private static let session = TestHTTPClient.session(connections: 64)

    private static func send(_ url: String, method: String = "GET", token: String? = nil, json: [String: Any]? = nil) async throws -> (status: Int, body: String) {
        let (status, data) = try await TestHTTPClient.send(url, method: method, token: token, json: json, over: session)
        return (status, String(decoding: data, as: UTF8.self))
    }

    private static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    /// `/readyz`'s `index.snapshot` of the replica at `address`; empty when it does not answer.
    private static func snapshot(_ address: String) async -> [String: Any] {
        guard let ready = try? await send(address + "/readyz") else { return [:] }
        return (object(ready.body)["index"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }

    /// The room CHEM111-02 meets in, as `body` (a section answer) gives it: `nil` when it names
    /// neither room or both (an answer mixing two indexes).
    private static func room(_ body: String) -> String? {
        let old = body.contains("\"\(MovedSection.oldRoom)\""), new = body.contains("\"\(MovedSection.newRoom)\"")
        return old == new ? nil : (old ? MovedSection.oldRoom : MovedSection.newRoom)
    }

    /// What the load saw.
    struct Tally: Sendable {
        var answers = 0
        var wrong: [String] = []
        var serverErrors: [(at: Date, what: String)] = []
        var cutOff: [(at: Date, what: String)] = []
        var kept: Set<String> = []
        var shares: Set<String> = []
        var schedules = 0
        var failures: [String] = []
    }

    /// What the load's workers share.
    final class LoadRecord: Sendable {
        let tally = Mutex(Tally())
        let stopped = Atomic(false)
    }

    @Test("a minute of 64 connections through nginx: every answer whole and of one index, writes kept, the killed refresher's role taken over")
    func swapAndKillUnderLoad() async throws {
        // The network first, so it goes last: after the replicas and the servers listening on it.
        let network = try TestNetwork.start(replicas: 3)
        defer { network.stop() }
        print(network.description)
        let service = network.serviceAddress
        let slapd = try SlapdServer.start(
            ldifFiles: [CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path], listenAddresses: network.listenAddresses)
        defer { slapd.stop() }
        let postgres = try PostgresServer.start(listenAddresses: network.listenAddresses)
        defer { postgres.stop() }
        let database = "campus"
        let registrar = try CampusRunner()
        defer { registrar.cleanUp() }
        let moved = try MovedSection(registrar)
        // docs/deploying.md's replicas: an internal address behind the proxy, the database and
        // the directory over TLS checked against their CA; only `--host` differs between them.
        let configuration = """
            server:
              behind-proxy: true
              trusted-proxies: [\(service)]
              roles:
                registrar: [marchk]
              clock: 2026-04-15T10:00
              registrar-refresh-minutes: 0.05
              directory-refresh-minutes: 0
              directory-full-at: "off"
              groups-per-person: 100
              favorites-per-group: 1000
              shares-per-person: 100000
            registrar:
              source: \(moved.pages.path)
            state: postgres://campus@\(service):\(postgres.port)/\(database)?sslmode=verify-full&sslrootcert=\(postgres.caFile)
            state-password-file: \(postgres.passwordFile)
            directory:
              url: ldap://\(service):\(slapd.port)
              starttls: required
              ca-file: \(slapd.caFile)
              base: ou=People,\(slapd.baseDN)
              bind-dn: \(slapd.adminDN)
              password-file: \(slapd.adminPasswordFile)

            """
        var campuses: [CampusRunner] = []
        defer { for campus in campuses { campus.cleanUp() } }
        for _ in 0..<3 {
            let campus = try CampusRunner()
            let folder = campus.home.appendingPathComponent("config/campus")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("config.yaml")
            try Data(configuration.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
            campuses.append(campus)
        }
        // The first replica's index is built by hand; the others have none until they fetch it.
        let ldif = CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path
        #expect(try campuses[0].run("sync", "registrar", "--source", moved.pages.path, "--term", MovedSection.term).status == 0)
        #expect(try campuses[0].run("sync", "directory", "--ldif", ldif).status == 0)

        var replicas: [Replica] = []
        defer { for replica in replicas where replica.serving.process.isRunning { _ = replica.serving.terminate() } }
        func serve(_ index: Int) throws -> Replica {
            Replica(
                campus: campuses[index],
                serving: try ServeEndToEndTests.Serving(campuses[index], ["--host", network.replicaHosts[index]], in: network, replica: index))
        }
        replicas.append(try serve(0))
        try await eventually("the first replica took the refresher role and published its index") {
            let state = await Self.snapshot(replicas[0].address)
            return state["role"] as? String == "refresher" && state["version"] is Int
        }
        for index in campuses.indices.dropFirst() { replicas.append(try serve(index)) }
        try await eventually("every replica serves a snapshot") {
            for replica in replicas where await Self.snapshot(replica.address)["version"] == nil { return false }
            return true
        }
        let epochBefore = try postgres.psql("SELECT epoch FROM index_refresher", database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        let proxy = try NginxProxy.start(upstreams: replicas.map(\.address))
        defer { proxy.stop() }

        func logIn(_ username: String) async throws -> String {
            let answer = try await Self.send(proxy.url + "/v1/session", method: "POST", json: ["username": username, "password": "demo-\(username)"])
            return try #require(Self.object(answer.body)["token"] as? String, "\(answer)")
        }
        let ownerNames = ["whitfid", "quinna", "valer", MovedSection.instructor]
        var tokens: [String] = []
        for name in ownerNames { tokens.append(try await logIn(name)) }
        let owners = tokens
        let advisor = owners[0]
        let people = try FileManager.default.contentsOfDirectory(atPath: moved.pages.appendingPathComponent(MovedSection.term).path)
            .filter { $0.hasPrefix("Username-") && !$0.contains(MovedSection.suppressedStudent) }.map { String($0.dropFirst("Username-".count).dropLast(".html".count)) }.sorted().prefix(40)
        let section = "/v1/sections/\(MovedSection.section)?term=\(MovedSection.term)"
        let schedule = "/v1/people/fenwicp/schedule?term=\(MovedSection.term)"

        // The load: 64 workers through nginx until told to stop.
        let record = LoadRecord()
        let started = Date()
        let load = Task {
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<64 {
                    group.addTask {
                        var round = 0
                        while !record.stopped.load(ordering: .relaxed) {
                            round += 1
                            let owner = owners[worker % owners.count]
                            let person = people[people.index(people.startIndex, offsetBy: round % people.count)]
                            // Reads, a read that writes a disclosure, and writes: a favorite (PUT, sent again by
                            // nginx when a replica fails) and now and then a shared link (POST, never sent twice).
                            let (method, path, token) = switch round % 3 {
                            case 0: ("GET", section, advisor)
                            case 1: ("GET", schedule, advisor)
                            default: round % 30 == 2 ? ("POST", "/v1/me/shares", owner) : ("PUT", "/v1/me/favorites/\(person)?group=w\(worker)", owner)
                            }
                            do {
                                let answer = try await Self.send(
                                    proxy.url + path, method: method, token: token, json: method == "POST" ? ["content": "schedule"] : nil)
                                record.tally.withLock { tally in
                                    tally.answers += 1
                                    switch (method, answer.status) {
                                    case (_, 500...):
                                        tally.serverErrors.append((Date(), "\(method) \(path): \(answer.status) \(answer.body.prefix(200))"))
                                    case ("GET", 200) where path == section:
                                        if Self.room(answer.body) == nil { tally.wrong.append(answer.body) }
                                    case ("GET", 200):
                                        tally.schedules += 1
                                    case ("PUT", 200..<300):
                                        tally.kept.insert("\(ownerNames[worker % owners.count])|w\(worker)|\(person)")
                                    case ("POST", 201):
                                        if let id = Self.object(answer.body)["id"] as? String { tally.shares.insert(id) } else { tally.wrong.append(answer.body) }
                                    default:
                                        tally.failures.append("\(method) \(path): \(answer.status) \(answer.body.prefix(200))")
                                    }
                                }
                            } catch {
                                // A connection nginx closed before the whole answer came: one that was under way
                                // on the killed replica when it died (told apart below by when it happened).
                                record.tally.withLock { $0.cutOff.append((Date(), "\(method) \(path): \(error)")) }
                            }
                        }
                    }
                }
            }
        }

        /// Whether every replica in `serving`, asked directly, puts the section in `room`.
        func everyReplica(_ serving: [Replica], answers room: String) async -> Bool {
            for replica in serving {
                guard let answer = try? await Self.send(replica.address + section, token: advisor), Self.room(answer.body) == room else { return false }
            }
            return true
        }

        try await Task.sleep(for: .seconds(5))
        #expect(try moved.move() > 10)
        try await eventually("every replica serves the moved section") { await everyReplica(replicas, answers: MovedSection.newRoom) }

        var killed: (index: Int, at: Date)?
        for (index, replica) in replicas.enumerated() where await Self.snapshot(replica.address)["role"] as? String == "refresher" {
            kill(replica.serving.process.processIdentifier, SIGKILL)
            killed = (index, Date())
            break
        }
        let victim = try #require(killed, "one replica held the refresher role")
        replicas[victim.index].serving.process.waitUntilExit()
        let survivors = replicas.enumerated().filter { $0.offset != victim.index }.map(\.element)
        try await eventually("a surviving replica took the refresher role over") {
            for replica in survivors where await Self.snapshot(replica.address)["role"] as? String == "refresher" { return true }
            return false
        }
        #expect(try moved.move(from: MovedSection.newRoom, to: MovedSection.oldRoom) > 10)
        try await eventually("the new refresher published the section moved back") { await everyReplica(survivors, answers: MovedSection.oldRoom) }

        let remaining = 60 - Date().timeIntervalSince(started)
        if remaining > 0 { try await Task.sleep(for: .seconds(remaining)) }
        record.stopped.store(true, ordering: .relaxed)
        await load.value
        let seen = record.tally.withLock { $0 }

        print("replicas under load (\(network.namespaces.isEmpty ? "loopback ports" : "network namespaces")): \(seen.answers) answers in \(Int(Date().timeIntervalSince(started))) s, \(seen.serverErrors.count) 5xx, "
            + "\(seen.cutOff.count) cut off, "
            + "\(seen.kept.count) favorites and \(seen.shares.count) shares kept, \(seen.schedules) schedules shown")
        #expect(seen.answers > 1000, "the load ran: \(seen.answers) answers")
        #expect(seen.wrong.isEmpty, "answers naming neither room or both: \(seen.wrong.prefix(2))")
        // nginx sends again, to another replica, what the killed one could not answer; a 5xx, or an
        // answer cut off, is only ever one of the killed replica's requests in flight.
        for error in seen.serverErrors + seen.cutOff {
            // nginx waits at most its proxy time-outs (60 s) on the killed replica's requests.
            #expect(error.at.timeIntervalSince(victim.at) > -1 && error.at.timeIntervalSince(victim.at) < 61, "a 5xx away from the kill: \(error.what)")
        }
        #expect(seen.failures.isEmpty, "\(seen.failures.count) requests failed: \(seen.failures.prefix(3))")
        let epochAfter = try postgres.psql("SELECT epoch FROM index_refresher", database: database).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((Int(epochAfter) ?? 0) > (Int(epochBefore) ?? 0), "the role changed hands: epoch \(epochBefore) then \(epochAfter)")

        // The replicas reached the database from their own addresses, over TLS.
        let clients = try postgres.psql(
            "SELECT DISTINCT host(client_addr) FROM pg_stat_ssl JOIN pg_stat_activity USING (pid) WHERE ssl AND datname = current_database()")
        #expect(Set(clients.split(separator: "\n").map(String.init)) == Set(survivors.compactMap { URL(string: $0.address)?.host }),
                "the database's TLS clients: \(clients)")

        // Every write that was answered is there; every schedule shown is in the record of disclosures.
        let stored = Set(try postgres.psql("SELECT owner || '|' || group_name || '|' || username FROM favorites", database: database)
            .split(separator: "\n").map(String.init))
        let missing = seen.kept.subtracting(stored)
        #expect(!seen.kept.isEmpty && missing.isEmpty, "\(missing.count) of \(seen.kept.count) favorites answered 2xx are missing: \(missing.prefix(3))")
        let shares = Set(try postgres.psql("SELECT id FROM shares", database: database).split(separator: "\n").map(String.init))
        #expect(!seen.shares.isEmpty && seen.shares.isSubset(of: shares), "\(seen.shares.subtracting(shares).count) of \(seen.shares.count) shares answered 201 are missing")
        let recorded = try postgres.psql(
            "SELECT count(*) FROM disclosures WHERE viewer = 'whitfid' AND subject = 'fenwicp'", database: database
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect((Int(recorded) ?? 0) >= seen.schedules && seen.schedules > 0, "\(recorded) disclosures recorded for \(seen.schedules) schedules shown")
    }
}
