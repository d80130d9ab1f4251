import CampusCore
@testable import CampusLookup
import Foundation
import RegistrarEmulator
import Testing

/// `campus sync registrar` against the registrar emulator over real HTTP on loopback.
@Suite("Syncing the index from the registrar over HTTP", .serialized)
struct RegistrarSyncTests {
    let spring = "202630"

    /// Starts the emulator on the demo campus with Basic authentication and writes a
    /// configuration naming it, with `password` in the password file.
    func configuredEmulator(_ campus: TestCampus, password: String) async throws -> (RegistrarEmulator, CampusContext) {
        let emulator = try await RegistrarEmulator.start(
            pagesDirectory: TestCampus.demoPages, authentication: .basic(username: "registrar-bot", password: "s3cret-pw"))
        try campus.configure("""
            registrar:
              url: \(emulator.baseURL.absoluteString)
              username: registrar-bot
              password-file: $HOME/registrar.password
            """, password: password)
        return (emulator, try campus.context())
    }

    func sync(_ context: CampusContext) async throws -> [TermSyncOutcome] {
        try await context.syncRegistrar(
            from: try context.registrarLocation(source: nil), terms: .chosen([spring]), force: false, progress: nil, now: Date())
    }

    @Test("a crawl of the emulator fills the index; one failing midway leaves the previous term served")
    func crawlThenFailMidway() async throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let (emulator, context) = try await configuredEmulator(campus, password: "s3cret-pw\n")

        let first = try await sync(context)
        #expect(first.count == 1)
        #expect(first[0].result.failure == nil)
        let sections = try #require(first[0].result.swap?.sectionsAfter)
        #expect(sections > 100)
        let rosterBefore = try context.roster("CSSE474-01", term: spring, now: Date())
        #expect(!rosterBefore.students.isEmpty)

        emulator.setBehaviour(EmulatorBehaviour(failAfterSuccesses: 40))
        let second = try await sync(context)
        await emulator.stop()
        #expect(second[0].result.swap == nil)
        let failure = try #require(second[0].result.failure).description
        #expect(failure.contains("500"), "the failure should name the server error: \(failure)")

        let summary = try #require(try context.termListings().first { $0.term.code.rawValue == "202630" }?.summary)
        #expect(summary.sectionCount == sections)
        let rosterAfter = try context.roster("CSSE474-01", term: spring, now: Date())
        #expect(rosterAfter.students.map(\.person.username) == rosterBefore.students.map(\.person.username))
    }

    @Test("a refused password names its file and never shows the secret; the index is untouched")
    func refusedCredentials() async throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let (emulator, context) = try await configuredEmulator(campus, password: "wrong-horse-battery")
        var message = ""
        do {
            _ = try await sync(context)
        } catch {
            message = "\(error)"
        }
        await emulator.stop()
        #expect(message.contains("registrar.password"), "got: \(message)")
        #expect(!message.contains("wrong-horse-battery"))
        #expect(try context.termListings().isEmpty)
    }

    @Test("without a configured registrar the bundled demo campus is the source")
    func demoIsTheDefault() throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let location = try campus.context().registrarLocation(source: nil)
        guard case .demo(let path) = location else {
            Issue.record("expected the demo campus, got \(location)")
            return
        }
        #expect(path.hasSuffix("fixtures/demo-campus"))
    }

    @Test("rosters the registrar answers No Match for (the crawl's access to them refused) keep the term and its students")
    func rostersAnsweredNoMatch() async throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let pages = campus.home.appendingPathComponent("pages")
        try FileManager.default.copyItem(at: TestCampus.demoPages, to: pages)
        let context = try campus.context()
        let good = try await context.syncRegistrar(from: .savedPages(pages.path), terms: .chosen([spring]), force: false, progress: nil, now: Date())
        #expect(good.first?.result.swap != nil)
        let students = try context.roster("CSSE474-01", term: spring, now: Date()).students.count
        #expect(students > 0)

        let term = pages.appendingPathComponent(spring)
        for name in try FileManager.default.contentsOfDirectory(atPath: term.path) where name.hasPrefix("Roster-") {
            try FileManager.default.removeItem(at: term.appendingPathComponent(name))
        }
        let emulator = try await RegistrarEmulator.start(pagesDirectory: pages)
        let refused = try await context.syncRegistrar(
            from: .web(emulator.baseURL), terms: .chosen([spring]), force: false, progress: nil, now: Date())
        await emulator.stop()
        #expect(refused.first?.result.swap == nil)
        let failure = try #require(refused.first?.result.failure).description
        #expect(failure.contains("Refusing to replace term 202630"), "\(failure)")
        #expect(refused.first?.warnings.contains { $0.message.contains("found no roster") } == true)
        #expect(try context.roster("CSSE474-01", term: spring, now: Date()).students.count == students)
    }
}
