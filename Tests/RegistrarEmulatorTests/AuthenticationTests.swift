import RegistrarEmulator
import Testing

/// Refused requests get 401 and a challenge; the right credentials get the page.
@Suite struct AuthenticationTests {
    static let query = "type=Roster&termcode=202630&view=tgrid&id=CSSE474-02"

    @Test func basicAuthenticationRefusesMissingAndWrongCredentials() async throws {
        try await withEmulator(authentication: .basic(username: "demo", password: "s3cret pass")) { client in
            let missing = try await client.lookup(Self.query)
            #expect(missing.status == 401)
            #expect(missing.headers["www-authenticate"] == "Basic realm=\"Schedule Lookup\"")
            let wrong = try await client.lookup(Self.query, headers: EmulatorClient.basic("demo", "guess"))
            #expect(wrong.status == 401)
            #expect(!wrong.body.contains("s3cret"))
            let right = try await client.lookup(Self.query, headers: EmulatorClient.basic("demo", "s3cret pass"))
            #expect(right.status == 200)
            #expect(right.body.contains("Course ID: CSSE474-02"))
        }
    }

    @Test func sessionCookieModeAcceptsOnlyTheConfiguredCookie() async throws {
        try await withEmulator(authentication: .sessionCookie(name: "CASTGC", value: "TGT-42")) { client in
            let missing = try await client.lookup(Self.query)
            #expect(missing.status == 401)
            let wrong = try await client.lookup(Self.query, headers: ["Cookie": "CASTGC=TGT-41"])
            #expect(wrong.status == 401)
            let right = try await client.lookup(Self.query, headers: ["Cookie": "theme=dark; CASTGC=TGT-42"])
            #expect(right.status == 200)
        }
    }

    @Test func alwaysUnauthorizedRefusesEvenTheRightCredentials() async throws {
        try await withEmulator(
            authentication: .basic(username: "demo", password: "pw"), behaviour: EmulatorBehaviour(alwaysUnauthorized: true)
        ) { client in
            let answer = try await client.lookup(Self.query, headers: EmulatorClient.basic("demo", "pw"))
            #expect(answer.status == 401)
            client.emulator.setBehaviour(.normal)
            let after = try await client.lookup(Self.query, headers: EmulatorClient.basic("demo", "pw"))
            #expect(after.status == 200)
        }
    }
}
