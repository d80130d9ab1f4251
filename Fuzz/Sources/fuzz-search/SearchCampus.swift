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

    /// The door to the indexed campus, as the command line asks it; stops the fuzzer when the
    /// campus cannot be built, since no input could then be tried.
    static let door: CampusService = {
        atexit { try? FileManager.default.removeItem(at: SearchCampus.home) }
        do {
            return try waiting(for: build)
        } catch {
            fatalError("cannot index the demo campus in \(home.path): \(error)")
        }
    }()

    private static func build() async throws -> CampusService {
        let root = FuzzFiles.packageRoot
        let environment = [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "XDG_DATA_HOME": home.appendingPathComponent("data").path, "CAMPUS_HOME": root.path,
        ]
        let campus = try CampusContext(paths: CampusPaths(environment: environment), locator: ResourceLocator(environment: environment))
        let door = CampusService(operating: campus)
        _ = try await door.syncRegistrar(
            from: .demo(root.appendingPathComponent("fixtures/demo-campus").path), terms: .chosen(["202630"]),
            force: false, progress: nil, as: .operator(), now: now)
        let ldif = root.appendingPathComponent("fixtures/directory.ldif").path
        _ = try await door.syncDirectory(campus.directorySyncRequest(DirectorySyncOptions(ldif: ldif)), as: .operator(), now: now)
        return door
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
