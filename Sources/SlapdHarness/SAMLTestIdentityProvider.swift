import CZlib
import Foundation

/// A SAML IdP for unit tests and benchmarks: its own keys (made by `openssl`), responses
/// written from a template and signed or encrypted by the `xmlsec1` command, never by the
/// code under test. The real IdP of the end-to-end tests is LemonLDAP::NG (``IdentityProviderServer``).
public final class SAMLTestIdentityProvider: Sendable {
    public let entityID: String
    /// A folder of its own (mode 700) holding the keys; removed by ``close()``.
    public let folder: URL

    /// Which key signs: the IdP's own, or one the server has never seen (an attacker's).
    public enum Signer: String, Sendable {
        case identityProvider = "idp"
        case stranger
    }

    /// Makes the IdP's key, a stranger's and the service provider's (for encryption).
    public init(entityID: String = "https://idp.test.example.edu/saml") throws {
        self.entityID = entityID
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("saml-idp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for name in ["idp", "stranger", "sp"] {
            try HarnessCommand(arguments: [
                "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-sha256", "-days", "2", "-subj", "/CN=\(name).test",
                "-keyout", path(name, "key"), "-out", path(name, "crt"),
            ]).run()
        }
    }

    public func close() {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The file of `name`'s (`idp`, `stranger`, `sp`) key (`key`) or certificate (`crt`), PEM.
    public func path(_ name: String, _ kind: String) -> String {
        folder.appendingPathComponent("\(name).\(kind)").path
    }

    /// A certificate, PEM: the IdP's, the stranger's or the service provider's (`sp`).
    public func certificatePEM(_ name: String = "idp") throws -> String {
        try String(contentsOfFile: path(name, "crt"), encoding: .utf8)
    }

    /// The service provider's private key, PEM.
    public func serviceProviderKeyPEM() throws -> String {
        try String(contentsOfFile: path("sp", "key"), encoding: .utf8)
    }

    /// The IdP's metadata: its sign-in and log-out addresses, its signing certificate, `scopes`.
    public func metadata(singleSignOn: String, scopes: [String] = ["example.edu"], id: String = "_metadata") throws -> String {
        let certificate = try certificatePEM().split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let scope = scopes.map { "<shibmd:Scope regexp=\"false\">\($0)</shibmd:Scope>" }.joined()
        return """
            <md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" \
            xmlns:shibmd="urn:mace:shibboleth:metadata:1.0" ID="\(id)" entityID="\(entityID)">\
            <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">\
            <md:Extensions>\(scope)</md:Extensions>\
            <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>\(certificate)</ds:X509Certificate>\
            </ds:X509Data></ds:KeyInfo></md:KeyDescriptor>\
            <md:SingleLogoutService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="\(singleSignOn)/logout" \
            ResponseLocation="\(singleSignOn)/logout-answer"/>\
            <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="\(singleSignOn)"/>\
            </md:IDPSSODescriptor></md:EntityDescriptor>
            """
    }

    /// What an assertion says; each field a test may get wrong on purpose.
    public struct Assertion: Sendable {
        public var id = "_assertion1"
        public var issuer: String
        public var audience: String
        public var recipient: String
        public var inResponseTo: String
        public var notBefore: Date
        public var notOnOrAfter: Date
        public var context = "urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport"
        public var attributes: [String: [String]]
        public var sessionIndex = "_session1"

        public init(issuer: String, audience: String, recipient: String, inResponseTo: String, attributes: [String: [String]], now: Date) {
            self.issuer = issuer
            self.audience = audience
            self.recipient = recipient
            self.inResponseTo = inResponseTo
            self.attributes = attributes
            notBefore = now.addingTimeInterval(-30)
            notOnOrAfter = now.addingTimeInterval(300)
        }

        /// The assertion, with an empty signature for `xmlsec1` to fill when `signed`.
        public func xml(signed: Bool, algorithm: SignatureAlgorithm = .sha256) -> String {
            let time = { (date: Date) in date.formatted(.iso8601) }
            let attributes = self.attributes.sorted { $0.key < $1.key }.map { name, values in
                "<saml:Attribute Name=\"\(name)\">" + values.map { "<saml:AttributeValue>\($0)</saml:AttributeValue>" }.joined()
                    + "</saml:Attribute>"
            }.joined()
            return "<saml:Assertion xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\" ID=\"\(id)\" Version=\"2.0\" "
                + "IssueInstant=\"\(time(notBefore))\"><saml:Issuer>\(issuer)</saml:Issuer>"
                + (signed ? SAMLTestIdentityProvider.signatureTemplate(id, algorithm) : "")
                + "<saml:Subject><saml:NameID>nid-\(id)</saml:NameID><saml:SubjectConfirmation Method=\"urn:oasis:names:tc:SAML:2.0:cm:bearer\">"
                + "<saml:SubjectConfirmationData Recipient=\"\(recipient)\" InResponseTo=\"\(inResponseTo)\" NotOnOrAfter=\"\(time(notOnOrAfter))\"/>"
                + "</saml:SubjectConfirmation></saml:Subject>"
                + "<saml:Conditions NotBefore=\"\(time(notBefore))\" NotOnOrAfter=\"\(time(notOnOrAfter))\"><saml:AudienceRestriction>"
                + "<saml:Audience>\(audience)</saml:Audience></saml:AudienceRestriction></saml:Conditions>"
                + "<saml:AuthnStatement AuthnInstant=\"\(time(notBefore))\" SessionIndex=\"\(sessionIndex)\"><saml:AuthnContext>"
                + "<saml:AuthnContextClassRef>\(context)</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>"
                + "<saml:AttributeStatement>\(attributes)</saml:AttributeStatement></saml:Assertion>"
        }
    }

    /// The digest and signature methods a template asks `xmlsec1` for.
    public enum SignatureAlgorithm: String, Sendable {
        case sha256
        case sha1
    }

    /// A `<samlp:Response>` around `assertion` (its XML, signed or not), with an empty signature
    /// of its own when `signed`.
    public func response(
        _ assertion: String, id: String = "_response1", inResponseTo: String, destination: String?, signed: Bool = false,
        status: String = "urn:oasis:names:tc:SAML:2.0:status:Success", now: Date
    ) -> String {
        "<samlp:Response xmlns:samlp=\"urn:oasis:names:tc:SAML:2.0:protocol\" xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\" "
            + "ID=\"\(id)\" Version=\"2.0\" IssueInstant=\"\(now.formatted(.iso8601))\" InResponseTo=\"\(inResponseTo)\""
            + (destination.map { " Destination=\"\($0)\"" } ?? "") + "><saml:Issuer>\(entityID)</saml:Issuer>"
            + (signed ? Self.signatureTemplate(id, .sha256) : "")
            + "<samlp:Status><samlp:StatusCode Value=\"\(status)\"/></samlp:Status>\(assertion)</samlp:Response>"
    }

    /// A `<samlp:LogoutRequest>` from the IdP for `nameID`'s session `sessionIndex`, with an
    /// empty signature when `signed`.
    public func logoutRequest(id: String = "_logout1", destination: String, nameID: String, sessionIndex: String?, signed: Bool, now: Date) -> String {
        "<samlp:LogoutRequest xmlns:samlp=\"urn:oasis:names:tc:SAML:2.0:protocol\" xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\" "
            + "ID=\"\(id)\" Version=\"2.0\" IssueInstant=\"\(now.formatted(.iso8601))\" Destination=\"\(destination)\">"
            + "<saml:Issuer>\(entityID)</saml:Issuer>" + (signed ? Self.signatureTemplate(id) : "")
            + "<saml:NameID>\(nameID)</saml:NameID>" + (sessionIndex.map { "<samlp:SessionIndex>\($0)</samlp:SessionIndex>" } ?? "")
            + "</samlp:LogoutRequest>"
    }

    /// The `AuthnRequest` a redirect to the IdP carries (`SAMLRequest`, deflated and in base64),
    /// and its `RelayState`.
    public static func authnRequest(in redirect: String) throws -> (xml: String, id: String, relayState: String) {
        let query = URLComponents(string: redirect)?.queryItems ?? []
        guard let encoded = query.first(where: { $0.name == "SAMLRequest" })?.value, let deflated = Data(base64Encoded: encoded) else {
            throw SlapdError(command: ["SAMLRequest"], status: nil, standardError: "no SAMLRequest in \(redirect)")
        }
        var inflated = [UInt8](repeating: 0, count: 65_536)
        let size = deflated.withUnsafeBytes { input in
            inflated.withUnsafeMutableBufferPointer {
                campus_inflate_raw(input.baseAddress?.assumingMemoryBound(to: UInt8.self), UInt(input.count), $0.baseAddress, UInt($0.count))
            }
        }
        let xml = String(decoding: inflated.prefix(max(size, 0)), as: UTF8.self)
        guard let id = xml.firstMatch(of: /ID="([^"]+)"/)?.1 else {
            throw SlapdError(command: ["SAMLRequest"], status: nil, standardError: "no request ID in \(xml)")
        }
        return (xml, String(id), query.first { $0.name == "RelayState" }?.value ?? "")
    }

    /// Whether `xml`'s signature of the element `id` holds with `signer`'s certificate
    /// (`sp`: the service provider's), as `xmlsec1 --verify` says.
    public func verifies(_ xml: String, signedBy signer: String = "sp") -> Bool {
        let input = folder.appendingPathComponent("signed-\(UUID().uuidString).xml")
        guard (try? Data(xml.utf8).write(to: input)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: input) }
        return (try? HarnessCommand(arguments: [
            "xmlsec1", "--verify", "--pubkey-cert-pem", path(signer, "crt"), "--id-attr:ID", "urn:oasis:names:tc:SAML:2.0:protocol:LogoutRequest",
            "--id-attr:ID", "urn:oasis:names:tc:SAML:2.0:protocol:LogoutResponse", input.path,
        ]).run()) != nil
    }

    /// An enveloped signature of the element `id`, for ``sign(_:element:by:)`` to fill.
    public static func signatureTemplate(_ id: String, _ algorithm: SignatureAlgorithm = .sha256) -> String {
        let method = algorithm == .sha256 ? "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256" : "http://www.w3.org/2000/09/xmldsig#rsa-sha1"
        let digest = algorithm == .sha256 ? "http://www.w3.org/2001/04/xmlenc#sha256" : "http://www.w3.org/2000/09/xmldsig#sha1"
        return "<ds:Signature xmlns:ds=\"http://www.w3.org/2000/09/xmldsig#\"><ds:SignedInfo>"
            + "<ds:CanonicalizationMethod Algorithm=\"http://www.w3.org/2001/10/xml-exc-c14n#\"/><ds:SignatureMethod Algorithm=\"\(method)\"/>"
            + "<ds:Reference URI=\"#\(id)\"><ds:Transforms><ds:Transform Algorithm=\"http://www.w3.org/2000/09/xmldsig#enveloped-signature\"/>"
            + "<ds:Transform Algorithm=\"http://www.w3.org/2001/10/xml-exc-c14n#\"/></ds:Transforms>"
            + "<ds:DigestMethod Algorithm=\"\(digest)\"/><ds:DigestValue/></ds:Reference></ds:SignedInfo><ds:SignatureValue/></ds:Signature>"
    }

    /// `xml` with the empty signature of the element `id` filled by `xmlsec1`, with `signer`'s key.
    public func sign(_ xml: String, element id: String, by signer: Signer = .identityProvider) throws -> String {
        let input = folder.appendingPathComponent("unsigned-\(UUID().uuidString).xml")
        try Data(xml.utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        return try HarnessCommand(arguments: [
            "xmlsec1", "--sign", "--privkey-pem", path(signer.rawValue, "key"),
            "--id-attr:ID", "urn:oasis:names:tc:SAML:2.0:protocol:Response", "--id-attr:ID", "urn:oasis:names:tc:SAML:2.0:assertion:Assertion",
            "--id-attr:ID", "urn:oasis:names:tc:SAML:2.0:metadata:EntityDescriptor", "--id-attr:ID", "urn:oasis:names:tc:SAML:2.0:protocol:LogoutRequest",
            "--node-xpath", "//*[@ID='\(id)']/*[local-name()='Signature']", "--output", "-", input.path,
        ]).run()
    }

    /// `response` with its assertion (`<saml:Assertion>` inside `<saml:EncryptedAssertion>`)
    /// encrypted by `xmlsec1` to the service provider's certificate (AES-128-CBC, RSA-OAEP).
    public func encryptAssertion(in response: String) throws -> String {
        let wrapped = response.replacingOccurrences(of: "<saml:Assertion ", with: "<saml:EncryptedAssertion><saml:Assertion ")
            .replacingOccurrences(of: "</saml:Assertion>", with: "</saml:Assertion></saml:EncryptedAssertion>")
        let data = folder.appendingPathComponent("plain-\(UUID().uuidString).xml")
        let template = folder.appendingPathComponent("template-\(UUID().uuidString).xml")
        try Data(wrapped.utf8).write(to: data)
        try Data(
            """
            <xenc:EncryptedData xmlns:xenc="http://www.w3.org/2001/04/xmlenc#" Type="http://www.w3.org/2001/04/xmlenc#Element">\
            <xenc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#aes128-cbc"/>\
            <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><xenc:EncryptedKey>\
            <xenc:EncryptionMethod Algorithm="http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p"/>\
            <xenc:CipherData><xenc:CipherValue/></xenc:CipherData></xenc:EncryptedKey></ds:KeyInfo>\
            <xenc:CipherData><xenc:CipherValue/></xenc:CipherData></xenc:EncryptedData>
            """.utf8
        ).write(to: template)
        defer {
            try? FileManager.default.removeItem(at: data)
            try? FileManager.default.removeItem(at: template)
        }
        return try HarnessCommand(arguments: [
            "xmlsec1", "--encrypt", "--pubkey-cert-pem", path("sp", "crt"), "--session-key", "aes-128", "--xml-data", data.path,
            "--node-name", "urn:oasis:names:tc:SAML:2.0:assertion:Assertion", "--output", "-", template.path,
        ]).run()
    }
}
