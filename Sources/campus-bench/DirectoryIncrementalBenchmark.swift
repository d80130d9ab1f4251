import CampusCore
import Foundation

/// Goal 2: `campus sync directory` (incremental) as a process, after `changed` people
/// got a new phone number in one `ldapmodify`.
///
/// An incremental sync reads the entries whose change time is at or after the last
/// sync's newest one. slapd keeps that time to the second, so the first incremental
/// sync after a full one also reads every entry loaded in the last second of the load.
/// The rounds after it change the same people again, in a later second: their sync
/// reads exactly those people. Each round waits for the clock's next second first.
struct DirectoryIncrementalBenchmark {
    struct Round {
        let seconds: Double
        let counts: DirectorySyncCounts
    }

    struct Result {
        let changed: Int
        /// The first incremental sync after the full one.
        let first: Round
        /// The rounds after it.
        let later: [Round]
        var laterSamples: DirectorySamples { DirectorySamples(later.map(\.seconds)) }
    }

    let target: DirectoryTarget
    let campus: DirectoryProcess
    /// The index a full sync filled.
    let index: URL
    let folder: URL
    /// The people to change.
    let people: [DirectoryPerson]
    /// Rounds after the first.
    let laterRounds: Int

    func run() throws -> Result {
        var rounds: [Round] = []
        var lastChange: Date?
        for round in 0...laterRounds {
            if let lastChange { waitForNextSecond(after: lastChange) }
            try target.server.modify(ldif: changes(round: round))
            lastChange = Date()
            let output = folder.appendingPathComponent("incremental-\(round).json")
            let seconds = try campus.time(target.campusSync(index: index, full: false), output: output)
            let counts = try DirectorySyncCounts(jsonFile: output)
            guard counts.kind == "incremental", counts.updated == people.count else {
                throw BenchmarkFailure("incremental sync \(round) was \(counts.kind): \(counts.summary), "
                    + "not \(people.count) updated")
            }
            rounds.append(Round(seconds: seconds, counts: counts))
        }
        return Result(changed: people.count, first: rounds[0], later: Array(rounds.dropFirst()))
    }

    /// One change record per person: a phone number no earlier round gave them.
    private func changes(round: Int) -> String {
        let attribute = target.profile.fields[.phone]?.first ?? "telephoneNumber"
        return people.enumerated().map { offset, person in
            let number = String(format: "%04d", (round * people.count + offset) % 10_000)
            return "dn: \(person.dn)\nchangetype: modify\nreplace: \(attribute)\n\(attribute): +1 812 555 \(number)\n-\n"
        }.joined(separator: "\n")
    }

    /// Sleeps until the wall clock is past the second `date` falls in.
    private func waitForNextSecond(after date: Date) {
        let next = date.timeIntervalSince1970.rounded(.down) + 1.01
        let wait = next - Date().timeIntervalSince1970
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
    }
}
