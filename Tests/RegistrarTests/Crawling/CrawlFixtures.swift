import CampusCore
import DemoCampus
import Foundation
import Registrar

/// Paths and values the crawling tests share: the real definition file, the
/// committed demo campus and the generator's truth about it.
enum CrawlFixtures {
    /// The package's root directory.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The committed demo campus's saved pages.
    static let demoCampus = root.appendingPathComponent("fixtures/demo-campus").path

    /// `scrapers/rose-hulman.yaml`, loaded.
    static func definition() throws -> RegistrarDefinition {
        try RegistrarDefinition.load(contentsOf: root.appendingPathComponent("scrapers/rose-hulman.yaml"))
    }

    /// What the demo campus's pages were rendered from.
    static let truth = CampusGenerator.generate(.demo)

    /// The demo's four terms, as the term list offers them.
    static let demoTerms = CampusScale.academicYear2026

    /// A date on the campus calendar, at noon in the campus time zone.
    static func date(year: Int, month: Int, day: Int, hour: Int = 12) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Indiana/Indianapolis")!
        return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour))!
    }
}
