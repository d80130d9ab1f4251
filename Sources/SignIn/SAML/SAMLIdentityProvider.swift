import Foundation

/// The campus's SAML IdP as its metadata describes it: who it is, where it takes sign-ins and
/// log-outs, what it signs with and the scopes its scoped attributes may carry.
public struct SAMLIdentityProvider: Sendable, Hashable {
    public var entityID: String
    /// Where an `AuthnRequest` goes by the HTTP-Redirect binding.
    public var singleSignOn: URL
    /// Where a `LogoutRequest` goes by the HTTP-POST binding, when the IdP takes one.
    public var singleLogout: URL?
    /// Where a `LogoutResponse` goes by the HTTP-POST binding (its `ResponseLocation`, else the same).
    public var singleLogoutResponse: URL?
    /// The certificates its signatures may hold with (two during a key roll-over).
    public var certificates: [SAMLCertificate]
    /// The scopes (`example.edu`) of scoped attributes such as eduPersonPrincipalName.
    public var scopes: [String]

    static let redirectBinding = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect"
    static let postBinding = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST"

    /// Reads the IdP's `<md:EntityDescriptor>` (alone, or the one IdP of an `<md:EntitiesDescriptor>`).
    /// With `signer`, the metadata must carry a signature that holds with it, and only what that
    /// signature covers is read.
    public static func read(metadata bytes: [UInt8], signer: [SAMLCertificate]?) throws(SignInRefusal) -> SAMLIdentityProvider {
        let document = try SAMLDocument(bytes, what: "the IdP's metadata")
        guard var root = document.root else { throw SignInRefusal(.unreadable, "the IdP's metadata is empty") }
        let m = SAMLNamespace.metadata
        if let signer {
            try document.registerIDs(under: root)
            guard let signature = root.child("Signature", in: SAMLNamespace.signature) else {
                throw SignInRefusal(.notTrusted, "the IdP's metadata is not signed, and the settings name a certificate to check it with")
            }
            let covered = try XMLSecurity.verify(signature, of: root.attribute("ID") ?? "", certificates: signer, what: "the IdP's metadata")
            guard covered.id == root.attribute("ID") else {
                throw SignInRefusal(.notTrusted, "the IdP's metadata signature covers another element than the metadata")
            }
            guard let signedRoot = try SAMLDocument(covered.bytes, what: "the signed metadata").root else {
                throw SignInRefusal(.unreadable, "the signed metadata is empty")
            }
            root = signedRoot
        }
        let entities = root.is("EntitiesDescriptor", in: m) ? root.children("EntityDescriptor", in: m) : [root]
        let providers = entities.filter { $0.is("EntityDescriptor", in: m) && $0.child("IDPSSODescriptor", in: m) != nil }
        guard providers.count == 1, let entity = providers.first, let descriptor = entity.child("IDPSSODescriptor", in: m) else {
            throw SignInRefusal(.unreadable, "the IdP's metadata describes \(providers.count) identity providers, not one")
        }
        guard let entityID = entity.attribute("entityID"), !entityID.isEmpty else {
            throw SignInRefusal(.unreadable, "the IdP's metadata has no entityID")
        }
        func location(_ service: String, _ binding: String, attribute: String = "Location") -> URL? {
            descriptor.children(service, in: m).first { $0.attribute("Binding") == binding }
                .flatMap { $0.attribute(attribute) ?? $0.attribute("Location") }.flatMap(URL.init(string:))
        }
        guard let singleSignOn = location("SingleSignOnService", redirectBinding) else {
            throw SignInRefusal(.unreadable, "the IdP's metadata offers no SingleSignOnService by HTTP-Redirect")
        }
        let certificates = descriptor.children("KeyDescriptor", in: m)
            .filter { ($0.attribute("use") ?? "signing") == "signing" }
            .flatMap { $0.children("KeyInfo", in: SAMLNamespace.signature) }
            .flatMap { $0.children("X509Data", in: SAMLNamespace.signature) }
            .flatMap { $0.children("X509Certificate", in: SAMLNamespace.signature) }
            .compactMap { SAMLCertificate.base64($0.text) }
        let scopes = (descriptor.child("Extensions", in: m)?.children("Scope", in: SAMLNamespace.shibbolethMetadata) ?? [])
            .filter { $0.attribute("regexp") != "true" }.map { $0.text.lowercased() }
        return SAMLIdentityProvider(
            entityID: entityID, singleSignOn: singleSignOn, singleLogout: location("SingleLogoutService", postBinding),
            singleLogoutResponse: location("SingleLogoutService", postBinding, attribute: "ResponseLocation"), certificates: certificates,
            scopes: scopes)
    }
}
