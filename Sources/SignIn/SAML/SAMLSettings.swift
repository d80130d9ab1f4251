import Foundation

/// How the server is registered with the campus's SAML IdP.
public struct SAMLSettings: Sendable {
    /// Where the IdP's metadata comes from: a file, or an address read again every ``refresh``.
    public enum MetadataSource: Sendable, Hashable {
        case file(String)
        case url(URL)
    }

    public var metadata: MetadataSource
    /// Certificates the IdP's signatures must hold with, whatever the metadata says (pinned).
    public var pinnedCertificates: [SAMLCertificate]?
    /// A certificate the metadata's own signature must hold with.
    public var metadataSigner: [SAMLCertificate]?
    /// This server's entity ID (its metadata's address unless configured).
    public var entityID: String
    /// This server's `/saml/acs`: where the IdP posts its responses.
    public var assertionConsumer: URL
    /// This server's `/saml/slo`: where the IdP posts logout requests and answers.
    public var singleLogout: URL?
    /// The attribute whose value is the username (`uid`, `eduPersonPrincipalName`), by its
    /// name or its friendly name.
    public var usernameAttribute: String
    /// This server's key and certificate: what the IdP encrypts assertions to, and what signs
    /// this server's logout messages.
    public var privateKey: SAMLPrivateKey?
    public var certificate: SAMLCertificate?
    /// How far the IdP's clock may be from ours.
    public var skew: TimeInterval
    /// The authentication context that says a second factor was used.
    public var mfaContext: String
    /// How often metadata from an address is read again.
    public var refresh: TimeInterval

    public init(
        metadata: MetadataSource, pinnedCertificates: [SAMLCertificate]? = nil, metadataSigner: [SAMLCertificate]? = nil, entityID: String,
        assertionConsumer: URL, singleLogout: URL? = nil, usernameAttribute: String = "uid", privateKey: SAMLPrivateKey? = nil, certificate: SAMLCertificate? = nil,
        skew: TimeInterval = 120, mfaContext: String = "https://refeds.org/profile/mfa", refresh: TimeInterval = 3600
    ) {
        self.metadata = metadata
        self.pinnedCertificates = pinnedCertificates
        self.metadataSigner = metadataSigner
        self.entityID = entityID
        self.assertionConsumer = assertionConsumer
        self.singleLogout = singleLogout
        self.usernameAttribute = usernameAttribute
        self.privateKey = privateKey
        self.certificate = certificate
        self.skew = skew
        self.mfaContext = mfaContext
        self.refresh = refresh
    }

    /// The attribute names a username attribute also goes by (its OID name, as Shibboleth sends it).
    var usernameAttributeNames: [String] {
        let oids = [
            "uid": "urn:oid:0.9.2342.19200300.100.1.1",
            "eduPersonPrincipalName": "urn:oid:1.3.6.1.4.1.5923.1.1.1.6",
            "mail": "urn:oid:0.9.2342.19200300.100.1.3",
        ]
        return [usernameAttribute] + (oids[usernameAttribute].map { [$0] } ?? [])
    }
}
