import Foundation
import JWTKit

/// The claims of an ID token (OpenID Connect Core §2) that a sign-in reads, and every claim
/// of text besides, so that the username may come from whichever claim the campus names.
/// Decoded only by jwt-kit, after it has checked the signature.
struct IDTokenClaims: JWTPayload {
    var issuer: String
    var audience: [String]
    var expires: Date
    var issuedAt: Date
    var nonce: String?
    var authorizedParty: String?
    var authenticationContext: String?
    var authenticationMethods: [String]
    /// Whether `events` holds the back-channel logout event: a logout token, not an ID token.
    var hasLogoutEvent: Bool
    /// Every claim whose value is text, by name.
    var texts: [String: String]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func key(_ name: String) -> Key { Key(stringValue: name) }
        issuer = try container.decode(String.self, forKey: key("iss"))
        if let one = try? container.decode(String.self, forKey: key("aud")) {
            audience = [one]
        } else {
            audience = try container.decode([String].self, forKey: key("aud"))
        }
        expires = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: key("exp")))
        issuedAt = Date(timeIntervalSince1970: try container.decode(Double.self, forKey: key("iat")))
        nonce = try container.decodeIfPresent(String.self, forKey: key("nonce"))
        authorizedParty = try container.decodeIfPresent(String.self, forKey: key("azp"))
        authenticationContext = try container.decodeIfPresent(String.self, forKey: key("acr"))
        authenticationMethods = (try? container.decodeIfPresent([String].self, forKey: key("amr"))) ?? []
        struct Events: Decodable {
            var logout: [String: String]?
            enum CodingKeys: String, CodingKey { case logout = "http://schemas.openid.net/event/backchannel-logout" }
        }
        hasLogoutEvent = (try? container.decodeIfPresent(Events.self, forKey: key("events")))??.logout != nil
        var texts: [String: String] = [:]
        for name in container.allKeys {
            if let text = try? container.decode(String.self, forKey: name) { texts[name.stringValue] = text }
        }
        self.texts = texts
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (name, text) in texts { try container.encode(text, forKey: Key(stringValue: name)) }
    }

    /// The claims are checked by ``OpenIDRelyingParty`` against its clock and settings, after
    /// jwt-kit has checked the signature: nothing more here.
    func verify(using algorithm: some JWTAlgorithm) async throws {}
}
