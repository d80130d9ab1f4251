import ArgumentParser
import Foundation
import Registrar

/// `campus-bench banner`: reading the real Banner 8 pages (`../shared/registrar-samples/banner8`)
/// against `xmllint --html --noout` over the same pages in one process, each page repeated so
/// that the run is long enough to time; reading the real Banner 9 answers, scaled up to a
/// term's worth of sections; and importing such a term into a fresh index.
struct BannerReadingBenchmark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "banner",
        abstract: "Time reading the real Banner 8 pages (against xmllint) and Banner 9 answers; print a Markdown report.")

    @Option(help: "The registrar samples folder (its banner8/ and banner9/).")
    var samples = "../shared/registrar-samples"

    @Option(help: "How many times each Banner 8 page is read by each contender in a round.")
    var repeats = 100

    /// Many short rounds: on this machine one round's ratio ranges from 0.9 to 1.7 (in
    /// processor time as in wall time), the median of 31 stays within a few hundredths.
    @Option(help: "Rounds of Banner 8 reading, the contenders taking turns; the medians are reported.")
    var rounds = 31

    @Option(help: "Banner 9 sections to read in all (the samples' answers read again until as many are read).")
    var sections = 1_700

    func run() async throws {
        let folder = URL(fileURLWithPath: samples)
        let pages = try FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent("banner8"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "html" }.sorted { $0.path < $1.path }
        guard !pages.isEmpty else { throw BenchmarkFailure("no Banner 8 pages in \(folder.path)/banner8") }
        let repeated = Array((0..<repeats).map { _ in pages }.joined())
        let reading = try PageReadingBenchmark(files: repeated, reader: .banner8, rounds: rounds).run()

        let answers = try FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent("banner9"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        let bytes = try answers.map { try [UInt8](Data(contentsOf: $0)) }
        let perRound = try bytes.enumerated().reduce(0) { $0 + (try PageReader.banner9.read($1.element, source: answers[$1.offset].path)).sections.count }
        guard perRound > 0 else { throw BenchmarkFailure("the Banner 9 answers in \(folder.path)/banner9 hold no sections") }
        let answerRounds = (sections + perRound - 1) / perRound
        let json = try Stopwatch.time { () throws -> Int in
            var read = 0
            for _ in 0..<answerRounds {
                for (index, answer) in bytes.enumerated() { read += try PageReader.banner9.read(answer, source: answers[index].path).sections.count }
            }
            return read
        }

        let imported = try BannerImportBenchmark(answers: answers, sections: sections).run()

        print("| measure | goal | result |")
        print("|---|---|---|")
        print("| Banner 8: \(pages.count) real pages read \(repeats) times each (\(reading.pages) pages, \(reading.bytes / 1_024) KiB), "
            + "\(self.rounds) rounds taking turns with xmllint, medians | within 1.5x of `xmllint --html --noout` | "
            + String(format: "%@ vs xmllint %@: %.2fx (middle half of the rounds %.2f-%.2fx; processor time %.2fx) |",
                     Stopwatch.format(reading.ours), Stopwatch.format(reading.xmllint), reading.ratio,
                     Stopwatch.quantile(reading.ratios.sorted(), 0.25), Stopwatch.quantile(reading.ratios.sorted(), 0.75),
                     reading.processorRatio))
        print("| Banner 9: \(json.value) sections read from the \(answers.count) real answers (\(answerRounds) rounds) | | "
            + "\(Stopwatch.format(json.seconds)) to read |")
        print("| Banner 9: a term of \(imported.sections) distinct sections imported from saved answers into a fresh index "
            + "(`campus import --definition thompson-rivers`) | under 2 s | \(Stopwatch.format(imported.seconds)) |")
    }
}
