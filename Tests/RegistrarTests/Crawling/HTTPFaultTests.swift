import CampusCore
import Foundation
import Registrar
import RegistrarEmulator
import Testing

@Suite("Fetching over HTTP when the registrar misbehaves")
struct HTTPFaultTests {
    @Test("server errors are retried until the page comes")
    func retryThenSuccess() async throws {
        let (page, requests) = try await EmulatorHarness.withEmulator(
            behaviour: EmulatorBehaviour(serverErrors: .firstRequests(2))
        ) { emulator in
            let page = try await EmulatorHarness.withSource(emulator.baseURL) { try await $0.fetch(.termList) }
            return (page, emulator.statistics.totalRequests)
        }
        #expect(!page.bytes.isEmpty)
        #expect(requests == 3)
    }

    @Test("a server error that persists ends after the retries, naming status and URL")
    func serverErrorAfterRetries() async throws {
        let (error, requests) = try await EmulatorHarness.withEmulator(
            behaviour: EmulatorBehaviour(serverErrors: .always)
        ) { emulator in
            let error = try await EmulatorHarness.withSource(emulator.baseURL, options: EmulatorHarness.quickOptions(retries: 2)) {
                source in await #expect(throws: FetchError.self) { try await source.fetch(.termList) }
            }
            return (error, emulator.statistics.totalRequests)
        }
        guard case .serverError(let url, 500, 3) = error else {
            Issue.record("expected a server error after 3 tries, got \(String(describing: error))")
            return
        }
        #expect(url.hasSuffix("/regweb-cgi/reg-sched.pl"))
        #expect(error?.description.contains("HTTP 500 for \(url) 3 times") == true)
        #expect(requests == 3)
    }

    @Test("a slow answer runs into the request time limit")
    func requestTimeout() async throws {
        var options = EmulatorHarness.quickOptions(retries: 1)
        options.requestTimeout = .milliseconds(200)
        let error = try await EmulatorHarness.withEmulator(behaviour: EmulatorBehaviour(delayMilliseconds: 5000)) { emulator in
            try await EmulatorHarness.withSource(emulator.baseURL, options: options) { source in
                await #expect(throws: FetchError.self) { try await source.fetch(.termList) }
            }
        }
        #expect(error == .timedOut(.request, url: error.flatMap(Self.url) ?? "", after: .milliseconds(200)))
        #expect(error?.description.contains("request time limit of 0.2 seconds") == true)
    }

    @Test("the total time limit stops fetching once it has run out")
    func totalTimeout() async throws {
        var options = EmulatorHarness.quickOptions(retries: 0)
        options.totalTimeout = .milliseconds(300)
        let error = try await EmulatorHarness.withEmulator(behaviour: EmulatorBehaviour(delayMilliseconds: 120)) { emulator in
            try await EmulatorHarness.withSource(emulator.baseURL, options: options) { source in
                await #expect(throws: FetchError.self) {
                    for _ in 0..<10 { _ = try await source.fetch(.termList) }
                }
            }
        }
        guard case .timedOut(.total, _, .milliseconds(300)) = error else {
            Issue.record("expected the total time-out, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("total time limit") == true)
    }

    @Test("no more requests are in flight than the per-host limit", arguments: [1, 2, 3])
    func concurrencyLimit(limit: Int) async throws {
        var options = EmulatorHarness.quickOptions()
        options.concurrencyPerHost = limit
        let statistics = try await EmulatorHarness.withEmulator(behaviour: EmulatorBehaviour(delayMilliseconds: 60)) { emulator in
            try await EmulatorHarness.withSource(emulator.baseURL, options: options) { source in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for subject in CrawlFixtures.truth.subjects {
                        group.addTask { _ = try await source.fetch(.course(prefix: subject, term: TermCode("202630")!)) }
                    }
                    try await group.waitForAll()
                }
            }
            return emulator.statistics
        }
        #expect(statistics.totalRequests == CrawlFixtures.truth.subjects.count)
        #expect(statistics.maxConcurrentRequests == limit)
    }

    @Test("requests to a host start at least the minimum interval apart")
    func minimumInterval() async throws {
        var options = EmulatorHarness.quickOptions()
        options.minimumInterval = .milliseconds(150)
        options.concurrencyPerHost = 4
        let clock = ContinuousClock()
        let elapsed = try await EmulatorHarness.withEmulator { emulator in
            try await EmulatorHarness.withSource(emulator.baseURL, options: options) { source in
                try await clock.measure {
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        for _ in 0..<4 { group.addTask { _ = try await source.fetch(.termList) } }
                        try await group.waitForAll()
                    }
                }
            }
        }
        #expect(elapsed >= .milliseconds(450))
    }

    @Test("an unreachable registrar is named with the reason")
    func unreachable() async throws {
        let closed = try await EmulatorHarness.withEmulator { $0.baseURL }
        let error = try await EmulatorHarness.withSource(closed, options: EmulatorHarness.quickOptions(retries: 1)) { source in
            await #expect(throws: FetchError.self) { try await source.fetch(.termList) }
        }
        guard case .unreachable(let url, let reason) = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        #expect(url.hasPrefix(closed.absoluteString))
        #expect(reason == "Connection refused")
        #expect(error?.description.contains(url) == true)
        #expect(error?.description.contains("Connection refused") == true)
    }

    private static func url(of error: FetchError) -> String? {
        if case .timedOut(_, let url, _) = error { return url }
        return nil
    }
}
