import CampusCore
import CampusIndex
import Foundation
import Testing

/// Log-ins of the command line waiting for their person (RFC 8628), in both stores: answered
/// once, handed out once, each ask noted, old ones forgotten.
@Suite("Device grants", .serialized)
struct DeviceGrantTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("a grant waits, is answered once, and its approval is handed out to one ask only; late and unknown ones are nothing",
          arguments: StoreKind.allCases)
    func answeredAndHandedOutOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addDeviceGrant(DeviceGrant(key: "k1", userCode: "BCDFGHJK", client: "campus on lab-pc-12", startedAt: now))
        try await store.addDeviceGrant(DeviceGrant(key: "k2", userCode: "LMNPQRST", client: "campus on old", startedAt: now - 900))
        let window = now - 600

        let first = try #require(try await store.pollDeviceGrant(key: "k1", at: now + 5, startedAfter: window))
        #expect(first.isWaiting && first.polledAt == nil && first.client == "campus on lab-pc-12")
        #expect(try await store.pollDeviceGrant(key: "k1", at: now + 10, startedAfter: window)?.polledAt == now + 5, "the ask before is told")
        #expect(try await store.deviceGrant(userCode: "BCDFGHJK", startedAfter: window)?.isWaiting == true)

        #expect(try await store.answerDeviceGrant(userCode: "BCDFGHJK", approvedBy: "brennam", startedAfter: window))
        #expect(try await !store.answerDeviceGrant(userCode: "BCDFGHJK", approvedBy: nil, startedAfter: window), "answered once")
        #expect(try await store.pollDeviceGrant(key: "k1", at: now + 15, startedAfter: window)?.approvedBy == "brennam")
        #expect(try await store.pollDeviceGrant(key: "k1", at: now + 20, startedAfter: window) == nil, "handed out once")

        #expect(try await store.deviceGrant(userCode: "LMNPQRST", startedAfter: window) == nil, "started too long ago")
        #expect(try await !store.answerDeviceGrant(userCode: "LMNPQRST", approvedBy: "brennam", startedAfter: window))
        #expect(try await store.pollDeviceGrant(key: "k2", at: now, startedAfter: window) == nil)
        #expect(try await store.pollDeviceGrant(key: "nobody", at: now, startedAfter: window) == nil)
        #expect(try await store.removeDeviceGrants(before: window) == 1, "the one never answered")
    }

    @Test("a denied grant is told once as denied, then forgotten", arguments: StoreKind.allCases)
    func deniedOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        try await store.addDeviceGrant(DeviceGrant(key: "k", userCode: "VWXZBCDF", client: "campus on x", startedAt: now))
        #expect(try await store.answerDeviceGrant(userCode: "VWXZBCDF", approvedBy: nil, startedAfter: now - 600))
        let denied = try #require(try await store.pollDeviceGrant(key: "k", at: now + 5, startedAfter: now - 600))
        #expect(denied.denied && denied.approvedBy == nil)
        #expect(try await store.pollDeviceGrant(key: "k", at: now + 10, startedAfter: now - 600) == nil)
    }
}
