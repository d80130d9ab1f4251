import Foundation

/// Goal 1: a full sync of the directory, as a `campus sync directory --full` process into a
/// fresh index, against `ldapsearch` paging the same entries and attributes to `/dev/null`.
///
/// One untimed `ldapsearch` warms slapd; then the two alternate, `runs` times each, so that
/// a noisy machine slows both alike.
struct DirectoryFullSyncBenchmark {
    struct Result {
        let ldapsearch: DirectorySamples
        let sync: DirectorySamples
        /// People the last sync reported in the index.
        let people: Int
        var ratio: Double { sync.median / ldapsearch.median }
    }

    let target: DirectoryTarget
    let ldapsearch: DirectoryProcess
    let campus: DirectoryProcess
    let folder: URL
    let runs: Int
    /// People the generated directory holds: what each sync must report.
    let expected: Int

    /// Measures; returns the figures and the index the last sync filled.
    func run() throws -> (result: Result, index: URL) {
        let dump = target.ldapsearch(filter: target.profile.filter, paged: true)
        try ldapsearch.time(dump)
        var dumps: [Double] = []
        var syncs: [Double] = []
        var index = folder
        var people = 0
        for run in 1...runs {
            dumps.append(try ldapsearch.time(dump))
            index = folder.appendingPathComponent("full-\(run).sqlite")
            let output = folder.appendingPathComponent("full-\(run).json")
            syncs.append(try campus.time(target.campusSync(index: index, full: true), output: output))
            let counts = try DirectorySyncCounts(jsonFile: output)
            guard counts.kind == "full", counts.people == expected else {
                throw BenchmarkFailure("full sync \(run) was \(counts.kind) with \(counts.people) people, not \(expected)")
            }
            people = counts.people
            if run < runs { try removeIndex(index) }
        }
        return (Result(ldapsearch: DirectorySamples(dumps), sync: DirectorySamples(syncs), people: people), index)
    }

    /// The index file and its `-wal` and `-shm` companions.
    private func removeIndex(_ index: URL) throws {
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: index.path + suffix) {
            try FileManager.default.removeItem(atPath: index.path + suffix)
        }
    }
}
