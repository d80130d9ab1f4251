import Foundation
import JWTKit

/// The provider's signing keys (its JWKS) as jwt-kit holds them, limited to what an ID token
/// may be signed with here: RSA keys for RS256 and P-256 keys for ES256, each bound to that one
/// algorithm, so a token's header cannot choose another. Keys for encryption (`use: enc`), and
/// keys of kinds jwt-kit does not read, are left out one by one: they break no sign-in.
struct OpenIDKeySet: Sendable {
    let keys: JWTKeyCollection
    /// The key ids held.
    let identifiers: Set<String>

    /// The keys of `data`, a JWKS document; keys of other kinds or uses are left out.
    static func read(_ data: Data, from url: URL) async throws(SignInRefusal) -> OpenIDKeySet {
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any], let entries = document["keys"] as? [Any] else {
            throw SignInRefusal(.unreadable, "the signing keys at \(url.absoluteString) are no JWKS")
        }
        let keys = entries.compactMap { entry -> JWK? in
            guard let fields = entry as? [String: Any], (fields["use"] as? String).map({ $0 == "sig" }) ?? true,
                  let json = try? JSONSerialization.data(withJSONObject: fields) else { return nil }
            return try? JSONDecoder().decode(JWK.self, from: json)
        }
        let collection = JWTKeyCollection()
        var identifiers: Set<String> = []
        let usable = keys.compactMap(Self.bound)
        for var key in usable {
            // A lone key without an id answers tokens without one.
            if key.keyIdentifier == nil, usable.count == 1 { key.keyIdentifier = JWKIdentifier(string: "") }
            guard let id = key.keyIdentifier else { continue }
            do {
                try await collection.add(jwk: key, isDefault: usable.count == 1)
                identifiers.insert(id.string)
            } catch {
                throw SignInRefusal(.unreadable, "a signing key at \(url.absoluteString) cannot be used: \(error)")
            }
        }
        guard !identifiers.isEmpty else {
            throw SignInRefusal(.unreadable, "\(url.absoluteString) holds no RS256 or ES256 signing key")
        }
        return OpenIDKeySet(keys: collection, identifiers: identifiers)
    }

    /// `key` bound to the one algorithm it may verify here, or `nil` when it may verify none.
    private static func bound(_ key: JWK) -> JWK? {
        var key = key
        if key.keyType == .rsa, key.algorithm == nil || key.algorithm == .rs256 {
            key.algorithm = .rs256
        } else if key.keyType == .ecdsa, key.curve == .ecdsa(.p256), key.algorithm == nil || key.algorithm == .es256 {
            key.algorithm = .es256
        } else {
            return nil
        }
        return key
    }
}
