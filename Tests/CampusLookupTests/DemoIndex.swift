import CampusCore
import CampusIndex
@testable import CampusLookup
import Foundation

/// The bundled demo campus in an in-memory index: every term crawled from its saved
/// pages, and the demo directory read from `fixtures/directory.ldif`, by the use cases
/// themselves. Built once and shared; tests only read it.
enum DemoIndex {
    /// Monday 16 March 2026, 14:10 UTC: 10:10am on campus (EDT), in the spring term (202630).
    static let now = Date(timeIntervalSince1970: 1_773_670_200)

    /// The demo campus and what its two syncs reported.
    struct Built: Sendable {
        let campus: CampusContext
        let state: SQLiteUserState
        let registrarSync: [TermSyncOutcome]
        let directorySync: DirectorySyncResult
    }

    /// The shared campus, built on first use.
    static func campus() async throws -> CampusContext {
        try await cache.built().campus
    }

    /// The shared campus with its sync reports.
    static func built() async throws -> Built {
        try await cache.built()
    }

    /// A fresh demo campus of its own, for tests that write (favorites).
    static func fresh() async throws -> Built {
        try await build()
    }

    private static let cache = Cache()

    private actor Cache {
        private var done: Built?

        func built() async throws -> Built {
            if let done { return done }
            let built = try await DemoIndex.build()
            done = built
            return built
        }
    }

    private static func build() async throws -> Built {
        let root = TestCampus.packageRoot
        let state = try SQLiteUserState.inMemory()
        let campus = CampusContext(
            index: try CampusDatabase.inMemory(), state: state, definition: try TestCampus.definition(),
            locator: ResourceLocator(environment: ["CAMPUS_HOME": root.path]))
        let registrar = try await campus.syncRegistrar(
            from: .demo(TestCampus.demoPages.path), terms: .all, force: false, progress: nil, now: now)
        let ldif = root.appendingPathComponent("fixtures/directory.ldif").path
        let directory = try await campus.syncDirectory(campus.directorySyncRequest(DirectorySyncOptions(ldif: ldif)), now: now)
        return Built(campus: campus, state: state, registrarSync: registrar, directorySync: directory)
    }
}
