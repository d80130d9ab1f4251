import Foundation
import RegistrarEmulator
import Testing

/// The faults a crawler must survive: 500s, a crawl failing midway, slowness, a changed layout.
@Suite struct FaultTests {
    static let roster = "type=Roster&termcode=202630&view=tgrid&id=CSSE474-02"
    static let instructor = "type=Instructor&termcode=202630&view=tgrid&id=whitfid"

    @Test func serverErrorsAlwaysThenNormalAgain() async throws {
        try await withEmulator(behaviour: EmulatorBehaviour(serverErrors: .always)) { client in
            let failing = try await client.statuses(of: [Self.roster, Self.instructor])
            #expect(failing == [500, 500])
            client.emulator.setBehaviour(.normal)
            let recovered = try await client.statuses(of: [Self.roster])
            #expect(recovered == [200])
        }
    }

    @Test func serverErrorsForTheFirstRequestsOnly() async throws {
        try await withEmulator(behaviour: EmulatorBehaviour(serverErrors: .firstRequests(2))) { client in
            let statuses = try await client.statuses(of: Array(repeating: Self.roster, count: 4))
            #expect(statuses == [500, 500, 200, 200])
        }
    }

    @Test func serverErrorsForMatchingRequests() async throws {
        try await withEmulator(behaviour: EmulatorBehaviour(serverErrors: .matching("type=Instructor"))) { client in
            let statuses = try await client.statuses(of: [Self.instructor, Self.roster])
            #expect(statuses == [500, 200])
        }
    }

    @Test func failAfterSuccessesBreaksACrawlMidway() async throws {
        try await withEmulator(behaviour: EmulatorBehaviour(failAfterSuccesses: 3)) { client in
            let statuses = try await client.statuses(of: Array(repeating: Self.roster, count: 5))
            #expect(statuses == [200, 200, 200, 500, 500])
        }
    }

    @Test func slowDelaysEveryAnswer() async throws {
        try await withEmulator(behaviour: EmulatorBehaviour(delayMilliseconds: 300)) { client in
            let clock = ContinuousClock()
            let start = clock.now
            let answer = try await client.lookup(Self.roster)
            #expect(answer.status == 200)
            #expect(clock.now - start >= .milliseconds(300))
        }
    }

    @Test func changedLayoutRenamesTheSectionsTableHeaders() async throws {
        try await withEmulator(behaviour: EmulatorBehaviour(changedLayout: true)) { client in
            let answer = try await client.lookup(Self.roster)
            #expect(answer.status == 200)
            #expect(answer.body.contains("<TH>Offering</TH>"))
            #expect(answer.body.contains("<TH>Meets</TH>"))
            #expect(!answer.body.contains("<TH>Course</TH>"))
            #expect(!answer.body.contains("<TH>Term Schedule</TH>"))
            #expect(answer.body.contains("CSSE474-02"))
        }
    }
}

/// The changed layout edits bytes, not text: a Latin-1 page keeps its accented bytes.
@Suite struct ChangedLayoutEncodingTests {
    @Test func aLatin1PageKeepsItsBytesApartFromTheRenamedHeaders() async throws {
        let edgeCase = EmulatorClient.demoPages.deletingLastPathComponent().appendingPathComponent("edge-cases/latin1.html")
        let pages = FileManager.default.temporaryDirectory.appendingPathComponent("latin1-pages-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: pages) }
        try FileManager.default.createDirectory(at: pages.appendingPathComponent("202630"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: edgeCase, to: pages.appendingPathComponent("202630/Username-latin.html"))

        let emulator = try await RegistrarEmulator.start(
            pagesDirectory: pages, behaviour: EmulatorBehaviour(changedLayout: true))
        let client = EmulatorClient(emulator: emulator)
        let answer = try await client.send(
            path: "/regweb-cgi/reg-sched.pl?type=Username&termcode=202630&id=latin", method: .GET, headers: [:])
        await emulator.stop()

        let original = try Data(contentsOf: edgeCase)
        #expect(answer.bytes != original)
        #expect(answer.bytes.filter { $0 > 127 } == original.filter { $0 > 127 })
        #expect(answer.bytes.range(of: Data("<TH>Offering</TH>".utf8)) != nil)
    }
}
