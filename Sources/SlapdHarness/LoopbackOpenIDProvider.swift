import Foundation
import Hummingbird
import JWTKit
import Logging
import Synchronization

/// An OpenID provider on loopback whose ID tokens the caller writes, for tests and the
/// benchmark: what a forger, a broken IdP or a rotated key would send, over real HTTP, or a
/// provider that answers at once. Its client is `campus-lookup` with the secret `s3cret`; the
/// code it trades is `good-code`.
public final class LoopbackOpenIDProvider: Sendable {
    /// Its address, once listening.
    private let address = Mutex("")
    public var issuer: String { address.withLock { $0 } }
    /// The key its JWKS publishes as `k1`.
    public let key = ES256PrivateKey()
    /// The ID token the token endpoint gives next.
    public let tokenToGive = Mutex<String?>(nil)
    /// The PKCE verifier the token endpoint was last sent.
    public let lastVerifier = Mutex<String?>(nil)
    /// How often its keys were fetched.
    public let keyFetches = Mutex(0)
    /// Keys published besides `k1`, by id.
    public let extraKeys = Mutex<[String: ES256PrivateKey]>([:])
    /// Seconds the discovery document takes to come.
    public let discoveryDelay = Mutex(0)
    /// The issuer its discovery document names, when not its own.
    public let namedIssuer = Mutex<String?>(nil)
    private let server = Mutex<Task<Void, any Error>?>(nil)

    public static let clientID = "campus-lookup"
    public static let secret = "s3cret"
    public static let code = "good-code"

    /// Starts one on a free port of 127.0.0.1.
    public static func start() async throws -> LoopbackOpenIDProvider {
        let provider = LoopbackOpenIDProvider()
        let router = Router()
        router.get("/.well-known/openid-configuration") { _, _ -> Response in try await provider.discovery() }
        router.get("/jwks") { _, _ -> Response in try provider.jwks() }
        router.post("/token") { request, _ -> Response in try await provider.token(request) }
        let ready = AsyncStream<Int>.makeStream()
        var logger = Logger(label: "test-openid-provider")
        logger.logLevel = .critical
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in ready.continuation.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        provider.server.withLock { $0 = Task { try await application.runService() } }
        var iterator = ready.stream.makeAsyncIterator()
        let port = await iterator.next() ?? 0
        provider.address.withLock { $0 = "http://127.0.0.1:\(port)" }
        return provider
    }

    public func stop() {
        server.withLock { $0?.cancel() }
    }

    /// `claims` signed with `key` (or `signer`) under key id `kid`, ES256.
    public func sign(_ claims: ProviderClaims, kid: String = "k1", signer: ES256PrivateKey? = nil) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: signer ?? key, kid: JWKIdentifier(string: kid))
        return try await keys.sign(claims, kid: JWKIdentifier(string: kid))
    }

    /// `claims` signed by a key the provider never published, under key id `k9`.
    public func signByStranger(_ claims: ProviderClaims) async throws -> String {
        try await sign(claims, kid: "k9", signer: ES256PrivateKey())
    }

    /// Good claims for `nonce`, as of `now`: what a real provider would give.
    public func claims(nonce: String?, now: Date) -> ProviderClaims {
        ProviderClaims(
            iss: issuer, aud: [Self.clientID], exp: now.addingTimeInterval(300).timeIntervalSince1970,
            iat: now.timeIntervalSince1970, nonce: nonce, preferred_username: "Brennam", sub: "subject-brennam", sid: "provider-session-1")
    }

    private func discovery() async throws -> Response {
        let delay = discoveryDelay.withLock { $0 }
        if delay > 0 { try await Task.sleep(for: .seconds(delay)) }
        let document: [String: Any] = [
            "issuer": namedIssuer.withLock { $0 } ?? issuer, "authorization_endpoint": issuer + "/authorize?tenant=a+b",
            "token_endpoint": issuer + "/token", "jwks_uri": issuer + "/jwks", "code_challenge_methods_supported": ["S256"],
        ]
        return Self.json(document)
    }

    private func jwks() throws -> Response {
        keyFetches.withLock { $0 += 1 }
        var published = [("k1", key)]
        published += extraKeys.withLock { $0 }.map { ($0.key, $0.value) }
        let keys = try published.map { id, key -> [String: Any] in
            guard let (x, y) = key.publicKey.parameters else { throw HTTPError(.internalServerError) }
            return ["kty": "EC", "crv": "P-256", "x": x, "y": y, "kid": id, "alg": "ES256", "use": "sig"]
        }
        return Self.json(["keys": keys])
    }

    private func token(_ request: Request) async throws -> Response {
        let expected = "Basic " + Data("\(Self.clientID):\(Self.secret)".utf8).base64EncodedString()
        let body = String(buffer: try await request.body.collect(upTo: 65_536))
        var form: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            if parts.count == 2 { form[parts[0]] = parts[1] }
        }
        guard request.headers[.authorization] == expected, form["code"] == Self.code, form["grant_type"] == "authorization_code" else {
            return Self.json(["error": "invalid_grant"], status: .badRequest)
        }
        lastVerifier.withLock { $0 = form["code_verifier"] }
        return Self.json(["access_token": "at", "token_type": "Bearer", "id_token": tokenToGive.withLock { $0 } ?? ""])
    }

    private static func json(_ object: Any, status: HTTPResponse.Status = .ok) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return Response(status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(data: data)))
    }
}

/// The claims a token of the provider carries; a `nil` one is left out.
public struct ProviderClaims: JWTPayload {
    public var iss: String
    public var aud: [String]
    public var exp: Double
    public var iat: Double
    public var nonce: String?
    public var azp: String?
    public var acr: String?
    public var amr: [String]?
    public var preferred_username: String?
    public var sub: String?
    /// The provider's session.
    public var sid: String?
    /// A logout token's events (`http://schemas.openid.net/event/backchannel-logout`).
    public var events: [String: [String: String]]?
    public var jti: String?

    /// The event that makes a token a back-channel logout token.
    public static let logoutEvent = ["http://schemas.openid.net/event/backchannel-logout": [String: String]()]

    public init(
        iss: String, aud: [String], exp: Double, iat: Double, nonce: String?, azp: String? = nil, acr: String? = nil, amr: [String]? = nil,
        preferred_username: String?, sub: String? = nil, sid: String? = nil, events: [String: [String: String]]? = nil, jti: String? = nil
    ) {
        self.iss = iss
        self.aud = aud
        self.exp = exp
        self.iat = iat
        self.nonce = nonce
        self.azp = azp
        self.acr = acr
        self.amr = amr
        self.preferred_username = preferred_username
        self.sub = sub
        self.sid = sid
        self.events = events
        self.jti = jti
    }

    public func verify(using algorithm: some JWTAlgorithm) async throws {}
}
