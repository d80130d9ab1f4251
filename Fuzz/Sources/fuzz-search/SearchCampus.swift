import CampusCore
import CampusLookup
import Dispatch
import Foundation
import FuzzSupport
import Synchronization

/// The demo campus indexed once per fuzzing process, by the use cases themselves, in a
/// temporary folder removed at exit: the spring term's saved pages and the demo directory.
enum SearchCampus {
    /// Monday 16 March 2026, 10:10am on campus: in the spring term (202630), the one indexed.
    static let now = Date(timeIntervalSince1970: 1_773_670_200)

    /// The throwaway home: configuration, index and user state.
    static let home = FileManager.default.temporaryDirectory
        .appendingPathComponent("campus-fuzz-search-\(ProcessInfo.processInfo.processIdentifier)")

    /// The indexed campus; stops the fuzzer when it cannot be built, since no input could then be tried.
    static let context: CampusContext = {
        atexit { try? FileManager.default.removeItem(at: SearchCampus.home) }
        do {
            return try waiting(for: build)
        } catch {
            fatalError("cannot index the demo campus in \(home.path): \(error)")
        }
    }()

    private static func build() async throws -> CampusContext {
        let root = FuzzFiles.packageRoot
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path, "CAMPUS_HOME": root.path,
        ]
        let campus = try CampusContext(paths: CampusPaths(environment: environment), locator: ResourceLocator(environment: environment))
        _ = try await campus.syncRegistrar(
            from: .demo(root.appendingPathComponent("fixtures/demo-campus").path), terms: .chosen(["202630"]),
            force: false, progress: nil, now: now)
        let ldif = root.appendingPathComponent("fixtures/directory.ldif").path
        _ = try await campus.syncDirectory(campus.directorySyncRequest(DirectorySyncOptions(ldif: ldif)), now: now)
        return campus
    }

    /// Runs `body` on the cooperative pool and blocks this (non-pool) thread until it ends.
    private static func waiting<T: Sendable>(for body: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, any Error>
            do { result = .success(try await body()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0! }.get()
    }
}
