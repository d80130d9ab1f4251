internal import CampusIndex
import CampusCore
import Foundation
internal import Registrar

/// One campus as configured on this machine: settings, the index, the user-state
/// store, and (only for syncs and imports) the registrar definition. Front ends
/// make one and call its use cases; it opens what a use case needs on first use
/// and keeps it open.
public struct CampusContext: Sendable {
    public let paths: CampusPaths
    public let configuration: CampusConfiguration
    public let locator: ResourceLocator
    /// The index file in use.
    public let indexURL: URL
    /// Where the user-state store is (favorites, sessions, shares, the record of disclosures).
    public let state: UserStateLocation
    let resources: CampusResources
    /// Whether lookups read through a pool of connections (a server) rather than one.
    let concurrentReads: Bool
    /// Whom this context's lookups show although the directory suppresses them.
    private(set) var revealing: SuppressedView = .hidden
    /// The index this context's lookups read, once the first has read it: a context made for
    /// one request (``revealing(_:)``) reads one index, even when another is served meanwhile.
    private var pin: IndexPin?

    /// Reads the configuration file; opens nothing yet.
    ///
    /// - Parameters:
    ///   - indexOption: `--index`, which wins over `CAMPUS_INDEX` and the configuration.
    ///   - paths: where to look for configuration and data.
    ///   - locator: where to look for shipped resources.
    ///   - whenIndexBusy: what a sync or import does when another process is writing the index.
    ///   - concurrentReads: lookups read through a pool of connections, many at once (a server).
    public init(
        indexOption: String? = nil, paths: CampusPaths = CampusPaths(), locator: ResourceLocator = ResourceLocator(),
        whenIndexBusy: WhenIndexBusy = .wait(notice: { _ in }), concurrentReads: Bool = false
    ) throws(CampusError) {
        self.paths = paths
        self.concurrentReads = concurrentReads
        self.locator = locator
        configuration = try CampusConfiguration.load(from: paths.configFile)
        indexURL = paths.index(option: indexOption, configured: configuration.index)
        state = paths.userState(configured: configuration.state, passwordFile: configuration.statePasswordFile, index: indexURL)
        resources = CampusResources(index: indexURL.path, state: state, whenBusy: whenIndexBusy) { [configuration, locator] () throws(CampusError) in
            try Self.loadDefinition(named: configuration.registrar.definition, locator: locator)
        }
    }

    /// A campus over an index and a user-state store already open (unit tests, in memory).
    init(index: CampusDatabase, state: any UserStateStore, configuration: CampusConfiguration = CampusConfiguration(),
         definition: RegistrarDefinition? = nil, locator: ResourceLocator = ResourceLocator(environment: [:])) {
        paths = CampusPaths(environment: [:])
        concurrentReads = false
        self.configuration = configuration
        self.locator = locator
        indexURL = URL(fileURLWithPath: index.path ?? "/dev/null")
        self.state = .file(URL(fileURLWithPath: "/dev/null"))
        resources = CampusResources(index: index, state: state) { () throws(CampusError) in
            guard let definition else { throw CampusError.resourceMissing("scrapers/rose-hulman.yaml", searched: []) }
            return SchoolDefinition(regSched: definition)
        }
    }

    private static func loadDefinition(named name: String?, locator: ResourceLocator) throws(CampusError) -> SchoolDefinition {
        let url = try locator.definition(name ?? "rose-hulman")
        return try lookingUp { try SchoolDefinition.load(contentsOf: url) }
    }

    /// The index, read-only: what every lookup reads (through a pool of connections when the
    /// context was made for a server). A missing file is ``CampusError/indexMissing(path:)``.
    func index() throws(CampusError) -> CampusDatabase {
        guard let pin else { return try resources.index(access: concurrentReads ? .readConcurrently : .readOnly) }
        return try pin.index { () throws(CampusError) in try resources.index(access: concurrentReads ? .readConcurrently : .readOnly) }
    }

    /// A context of its own on the same index and configuration, to write the index: its
    /// writer's hold on the file ends when the context goes (a refresh, a snapshot's restore).
    func separateWriter() throws(CampusError) -> CampusContext {
        try CampusContext(indexOption: indexURL.path, paths: paths, locator: locator)
    }

    /// The index, to write: created when missing.
    func writableIndex() throws(CampusError) -> CampusDatabase {
        try resources.index(access: .readWrite)
    }

    /// The user-state store; an index of an earlier version has its favorites carried over first.
    func userState() throws(CampusError) -> any UserStateStore {
        try resources.userState()
    }

    /// The school's definition (`registrar.definition`), of any family, read once on first use:
    /// only syncs, imports and pages need it.
    func school() throws(CampusError) -> SchoolDefinition {
        try resources.school()
    }

    /// The school definition named `name` (a name under `scrapers/` or a path); the
    /// campus's own when `nil`.
    func school(named name: String?) throws(CampusError) -> SchoolDefinition {
        guard let name else { return try school() }
        let url = try locator.definition(name)
        return try lookingUp { try SchoolDefinition.load(contentsOf: url) }
    }

    /// The school's definition where only a reg-sched.pl registrar's will do (`reparse`).
    func definition() throws(CampusError) -> RegistrarDefinition {
        let school = try school()
        guard let definition = school.regSched else {
            throw .registrar("the school definition is of the \(school.family.rawValue) family, and `campus reparse` "
                + "reads reg-sched.pl pages only; import the saved pages again with `campus import` instead")
        }
        return definition
    }

    /// Runs `body` in one read transaction of the index.
    func read<T>(_ body: (IndexReader) throws -> T) throws(CampusError) -> T {
        let index = try index()
        return try lookingUp { try index.read(revealing: revealing, body) }
    }

    /// This campus with lookups that show `view`'s suppressed people (themselves, or everyone to the registrar).
    func revealing(_ view: SuppressedView) -> CampusContext {
        var context = self
        context.revealing = view
        context.pin = IndexPin()
        return context
    }

    /// What lookups need of the registrar definition: as the index stores it, else
    /// from the definition file (an index written before it stored one).
    func campusDescription(_ reader: IndexReader) throws(CampusError) -> CampusDescription {
        let stamp = try lookingUp { try reader.stamp() }
        let stored = try resources.storedDescriptions.value(.description, at: stamp) { () throws(CampusError) in
            try lookingUp { try reader.campusDescription() }
        }
        if let stored { return stored }
        return try school().campusDescription
    }

    /// The term scheme and campus time zone: as the index stores them, else from the definition file.
    func termClock(_ reader: IndexReader) throws(CampusError) -> TermClock {
        if let stored = try lookingUp({ try reader.termClock() }) { return stored }
        return try school().campusDescription.termClock
    }
}
