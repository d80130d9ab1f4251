import CampusCore
import CampusLookup
import Foundation
import DemoCampus

/// A mix of what people type in the search box, drawn from the generated campus.
struct SearchQueries {
    let campus: GeneratedCampus
    let term: TermCode

    /// `count` queries cycling through: whole usernames, username prefixes, "first last",
    /// "last first", course prefixes, section ids, room prefixes.
    /// The kind of each query, by position: `kinds[i % kinds.count]`.
    static let kinds = ["username", "username prefix", "first last", "last first", "course prefix", "section id", "room prefix"]

    func make(count: Int) -> [String] {
        let people = campus.students + campus.faculty
        let sections = campus.snapshot(for: term).map { Array($0.sections.keys).sorted() } ?? []
        guard !people.isEmpty, !sections.isEmpty else { return [] }
        var queries: [String] = []
        var generator = SplitMix(seed: 42)
        while queries.count < count {
            let person = people[Int(generator.next() % UInt64(people.count))]
            let section = sections[Int(generator.next() % UInt64(sections.count))]
            let words = (person.name ?? person.username).split(separator: " ")
            switch queries.count % Self.kinds.count {
            case 0: queries.append(person.username)
            case 1: queries.append(String(person.username.prefix(4)))
            case 2: queries.append(words.joined(separator: " "))
            case 3: queries.append(words.reversed().joined(separator: " "))
            case 4: queries.append(String(section.course.prefix(section.subject.count + 1)))
            case 5: queries.append(section.rawValue)
            default: queries.append(String(section.rawValue.prefix(2)))
            }
        }
        return queries
    }

    /// `count` queries that match nothing, alternating: a username with a letter put in its
    /// middle (a typo: close matches exist), and a made-up word (none do).
    func misses(count: Int) -> [String] {
        let people = campus.students + campus.faculty
        guard !people.isEmpty else { return [] }
        var generator = SplitMix(seed: 7)
        return (0..<count).map { index in
            let person = people[Int(generator.next() % UInt64(people.count))]
            guard index.isMultiple(of: 2) else { return "zq" + String(generator.next() % 1_000_000, radix: 36) + "x" }
            let middle = person.username.index(person.username.startIndex, offsetBy: person.username.count / 2)
            return String(person.username[..<middle]) + "q" + String(person.username[middle...])
        }
    }
}

/// A tiny deterministic generator, so every run asks the same questions.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// In-process search latency: `CampusService.search` as the operator (the use case `campus search` and
/// the API call, in one read of the index) against the FTS5 reference on the same file.
struct SearchBenchmark {
    struct Result {
        let queries: Int
        let p50: Double
        let p99: Double
        let max: Double
        /// The FTS5 reference's p50 and p99 over the same queries.
        let referenceP50: Double
        let referenceP99: Double
        /// p50 and p99 per query kind, in ``SearchQueries/kinds`` order.
        let byKind: [(kind: String, p50: Double, p99: Double)]
        /// Searches that matched nothing (``SearchQueries/misses(count:)``, the "did you mean" included): how many, p50, p99.
        let misses: Int
        let missP50: Double
        let missP99: Double
    }

    let door: CampusService
    let reference: FTS5Reference
    let queries: [String]
    let misses: [String]

    func run() throws -> Result {
        let now = Date()
        for query in queries.prefix(200) {
            _ = try? door.search(query, kinds: [], term: nil, limit: 25, department: nil, affiliation: nil, as: .operator(), now: now)
            reference.match(query)
        }
        var samples: [Double] = []
        var references: [Double] = []
        samples.reserveCapacity(queries.count)
        references.reserveCapacity(queries.count)
        for query in queries {
            samples.append(Stopwatch.time { _ = try? door.search(query, kinds: [], term: nil, limit: 25, department: nil, affiliation: nil, as: .operator(), now: now) }.seconds)
            references.append(Stopwatch.time { reference.match(query) }.seconds)
        }
        let kinds = SearchQueries.kinds
        let byKind = kinds.indices.map { kind in
            let times = samples.indices.filter { $0 % kinds.count == kind }.map { samples[$0] }.sorted()
            return (kinds[kind], Stopwatch.quantile(times, 0.5), Stopwatch.quantile(times, 0.99))
        }
        samples.sort()
        references.sort()
        var missed: [Double] = []
        for query in misses {
            var matched = false
            let seconds = Stopwatch.time { matched = (try? door.search(query, kinds: [], term: nil, limit: 25, department: nil, affiliation: nil, as: .operator(), now: now)) != nil }.seconds
            if !matched { missed.append(seconds) }
        }
        missed.sort()
        return Result(queries: samples.count, p50: Stopwatch.quantile(samples, 0.5),
                      p99: Stopwatch.quantile(samples, 0.99), max: samples.last ?? 0,
                      referenceP50: Stopwatch.quantile(references, 0.5), referenceP99: Stopwatch.quantile(references, 0.99),
                      byKind: byKind, misses: missed.count, missP50: Stopwatch.quantile(missed, 0.5), missP99: Stopwatch.quantile(missed, 0.99))
    }
}
