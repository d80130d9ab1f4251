import CampusCore
import DemoCampus
import Foundation
import Logging
import Registrar
import RegistrarEmulator

/// The demo campus written as a Banner family's pages or answers into a fresh folder, the
/// emulator serving them, and the school's crawl plan over an HTTP source for it.
enum BannerCrawlHarness {
    /// The demo's term dates, from the Rose-Hulman calendar.
    static func termDates() throws -> [TermCode: DateRange] {
        try CrawlFixtures.definition().calendar.terms.mapValues(\.classes)
    }

    /// `scrapers/NAME.yaml`, loaded.
    static func school(_ name: String) throws -> SchoolDefinition {
        try SchoolDefinition.load(contentsOf: CrawlFixtures.root.appendingPathComponent("scrapers/\(name).yaml"))
    }

    /// Writes the demo with `write` into a fresh folder, serves it, and runs `body` with
    /// `school`'s crawl plan; everything is stopped and removed afterwards.
    static func withCrawler<Value>(
        school name: String, write: (URL) throws -> Void, behaviour: EmulatorBehaviour = .normal, pageSize: Int = 500,
        options: FetchOptions = EmulatorHarness.quickOptions(), _ body: (any TermCrawling, RegistrarEmulator) async throws -> Value
    ) async throws -> Value {
        let school = try school(name)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder)
        let emulator = try await RegistrarEmulator.start(pagesDirectory: folder, behaviour: behaviour)
        let source: HTTPPageSource
        do {
            source = try HTTPPageSource(baseURL: emulator.baseURL, definition: nil, options: options,
                                        logger: Logger(label: "registrar-tests"))
        } catch {
            await emulator.stop()
            throw error
        }
        let outcome: Result<Value, any Error>
        do {
            outcome = .success(try await body(school.crawler(source: source, progress: nil, searchPageSize: pageSize), emulator))
        } catch {
            outcome = .failure(error)
        }
        await source.shutdown()
        await emulator.stop()
        return try outcome.get()
    }

    /// The spring term's sections as a crawl of `school` reads them, with what the emulator counted.
    static func springSections(
        school: String, write: (URL) throws -> Void, behaviour: EmulatorBehaviour = .normal, pageSize: Int = 500
    ) async throws -> (sections: [SectionID: Section], emulator: EmulatorStatistics, failed: Int) {
        try await withCrawler(school: school, write: write, behaviour: behaviour, pageSize: pageSize) { crawler, emulator in
            guard let term = try await crawler.offer().terms.first(where: { $0.code.rawValue == "202630" }) else {
                throw CrawlError.noTermsOffered(source: "the emulator offers no term 202630")
            }
            let result = try await crawler.crawl(term, subjects: [])
            return (result.snapshot.sections, emulator.statistics, result.pagesFailed)
        }
    }
}
