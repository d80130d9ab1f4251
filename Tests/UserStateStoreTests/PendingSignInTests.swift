import CampusCore
import CampusIndex
import Foundation
import Testing

/// Sign-ins sent to the campus's sign-in service, in both stores: kept, taken once, too old
/// ones refused and forgotten.
@Suite("Pending sign-ins", .serialized)
struct PendingSignInTests {
    let now = Date(timeIntervalSince1970: 1_790_000_000)

    @Test("a sign-in is taken once with everything it was kept with; a late or unknown one is nothing; old ones are forgotten",
          arguments: StoreKind.allCases)
    func takenOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        let pending = PendingSignIn(
            key: "k1", method: "oidc", nonce: "n", verifier: "v", next: "/people/brennam?term=202630", keep: true, demandsMFA: false, startedAt: now)
        try await store.addPendingSignIn(pending)
        try await store.addPendingSignIn(PendingSignIn(key: "k2", method: "oidc", nonce: "n2", verifier: "v2", next: "/", keep: false,
                                                       demandsMFA: true, startedAt: now - 900))
        try await store.addPendingSignIn(PendingSignIn(key: "k3", method: "oidc", nonce: "n3", verifier: "v3", next: "/", keep: false,
                                                       demandsMFA: true, startedAt: now - 1_000))
        #expect(try await store.takePendingSignIn(key: "k1", startedAfter: now - 600) == pending)
        #expect(try await store.takePendingSignIn(key: "k1", startedAfter: now - 600) == nil, "a second return finds nothing")
        #expect(try await store.takePendingSignIn(key: "nobody", startedAfter: now - 600) == nil)
        #expect(try await store.takePendingSignIn(key: "k2", startedAfter: now - 600) == nil, "started too long ago")
        #expect(try await store.takePendingSignIn(key: "k2", startedAfter: now - 3_600) == nil, "and taken for good all the same")
        #expect(try await store.removePendingSignIns(before: now - 600) == 1, "the one never come back")
    }

    @Test("two returns of one sign-in at once (two replicas): exactly one takes it", arguments: StoreKind.allCases)
    func takenOnceAtOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        for round in 0..<10 {
            try await store.addPendingSignIn(PendingSignIn(
                key: "race\(round)", method: "oidc", nonce: "n", verifier: "v", next: "/", keep: false, demandsMFA: false, startedAt: now))
            async let first = store.takePendingSignIn(key: "race\(round)", startedAfter: now - 600)
            async let second = store.takePendingSignIn(key: "race\(round)", startedAfter: now - 600)
            let taken = [try await first, try await second].compactMap(\.self)
            #expect(taken.count == 1, "round \(round)")
        }
    }

    @Test("an IdP's proof is used once, even by two replicas at once; it is forgotten once it could no longer be used",
          arguments: StoreKind.allCases)
    func proofUsedOnce(kind: StoreKind) async throws {
        let store = try await kind.make()
        #expect(try await store.useSignInProof(key: "idp _a1", until: now + 300))
        #expect(try await store.useSignInProof(key: "idp _a1", until: now + 300) == false, "a replay")
        #expect(try await store.useSignInProof(key: "other-idp _a1", until: now + 300), "another issuer's ID is another proof")
        async let first = store.useSignInProof(key: "idp _race", until: now + 300)
        async let second = store.useSignInProof(key: "idp _race", until: now + 300)
        #expect([try await first, try await second].filter { $0 }.count == 1)
        #expect(try await store.removeUsedSignInProofs(before: now + 299) == 0)
        #expect(try await store.removeUsedSignInProofs(before: now + 301) == 3)
    }
}
