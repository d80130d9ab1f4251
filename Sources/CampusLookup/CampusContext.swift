import CampusCore
import CampusIndex
import Foundation
import Registrar

/// One campus as configured on this machine: settings, index file, registrar definition.
///
/// Front ends build one per run and hand it to the use cases.
public struct CampusContext: Sendable {
    public let paths: CampusPaths
    public let configuration: CampusConfiguration
    public let locator: ResourceLocator
    /// The index file in use.
    public let indexURL: URL
    /// The registrar definition (`scrapers/<name>.yaml`).
    public let definition: RegistrarDefinition

    /// Reads the configuration file and the registrar definition.
    ///
    /// - Parameters:
    ///   - indexOption: `--index`, which wins over `CAMPUS_INDEX` and the configuration.
    ///   - paths: where to look for configuration and data.
    ///   - locator: where to look for shipped resources.
    public init(
        indexOption: String? = nil, paths: CampusPaths = CampusPaths(), locator: ResourceLocator = ResourceLocator()
    ) throws {
        self.paths = paths
        self.locator = locator
        configuration = try CampusConfiguration.load(from: paths.configFile)
        indexURL = paths.index(option: indexOption, configured: configuration.index)
        let definitionURL = try locator.definition(configuration.registrar.definition ?? "rose-hulman")
        definition = try RegistrarDefinition.load(contentsOf: definitionURL)
    }

    /// Opens (creating when new) the index.
    public func openIndex() throws -> CampusIndexStore {
        try CampusIndexStore(path: indexURL.path)
    }

    /// The page reader for this registrar.
    public var reader: PageReader { PageReader(definition: definition) }

    /// Today's calendar year and month on campus, for `current`, `next`, `previous`.
    public func campusDate(_ now: Date) -> (year: Int, month: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: definition.timeZone) ?? .current
        let parts = calendar.dateComponents([.year, .month], from: now)
        return (parts.year ?? 2000, parts.month ?? 1)
    }
}
