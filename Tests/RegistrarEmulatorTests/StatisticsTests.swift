import RegistrarEmulator
import Testing

/// The emulator counts what it is asked, so tests of a client can check its limits and retries.
@Suite struct StatisticsTests {
    @Test func countsRequestsByTargetAndStatus() async throws {
        try await withEmulator(behaviour: EmulatorBehaviour(serverErrors: .firstRequests(1))) { client in
            let query = "type=Roster&termcode=202630&view=tgrid&id=CSSE474-02"
            _ = try await client.lookup(query)
            _ = try await client.lookup(query)
            _ = try await client.lookup("type=Username&termcode=202630&view=tgrid&id=brennam")
            let statistics = client.emulator.statistics
            #expect(statistics.totalRequests == 3)
            #expect(statistics.requestsByTarget["/regweb-cgi/reg-sched.pl?\(query)"] == 2)
            #expect(statistics.requests(containing: "brennam") == 1)
            #expect(statistics.responsesByStatus == [500: 1, 200: 2])
            client.emulator.resetStatistics()
            #expect(client.emulator.statistics.totalRequests == 0)
        }
    }

    @Test func recordsTheMostRequestsInFlightAtOnce() async throws {
        try await withEmulator(behaviour: EmulatorBehaviour(delayMilliseconds: 400)) { client in
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<4 {
                    group.addTask { try await client.lookup("type=Username&termcode=202630&view=tgrid&id=u\(index)").status }
                }
                for try await status in group { #expect(status == 200) }
            }
            #expect(client.emulator.statistics.maxConcurrentRequests >= 2)
            #expect(client.emulator.statistics.maxConcurrentRequests <= 4)
        }
    }
}
