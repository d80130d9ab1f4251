import DemoCampus
import Foundation
import SlapdHarness

/// The campus the server benchmarks load: a generated campus of one term, crawled from its
/// saved pages into `folder/index.sqlite` by the `campus` executable, and a directory synced
/// from an LDIF that a slapd of its own is loaded with too (log-ins bind to it).
struct IndexedBenchmarkCampus {
    let model: GeneratedCampus
    let slapd: SlapdServer
    /// The term's code.
    let term: String

    static func make(students: Int, sections: Int, directory: Int, campus: String, folder: URL) throws -> IndexedBenchmarkCampus {
        let model = CampusGenerator.generate(.benchmark(students: students, sectionsPerTerm: sections, terms: 1))
        let pages = folder.appendingPathComponent("pages")
        _ = try SavedPagesWriter(directory: pages).write(model, selection: .benchmark)
        let term = try requireValue(model.terms.first?.term.code.rawValue, "no term")
        let processes = ProcessBenchmark(campus: campus, index: folder.appendingPathComponent("index.sqlite").path)
        try processes.sync(source: pages.path, term: term)
        let ldif = folder.appendingPathComponent("directory.ldif")
        try DirectoryFixture.campus(model, people: directory, seed: 3).write(to: ldif, atomically: true, encoding: .utf8)
        try processes.syncDirectory(ldif: ldif.path)
        return IndexedBenchmarkCampus(model: model, slapd: try SlapdServer.start(ldifFiles: [ldif.path]), term: term)
    }
}
