import Foundation
import SlapdHarness
import Testing

@testable import SignIn

/// The SAML service provider against responses a test IdP wrote and `xmlsec1` signed.
@Suite("SAML: the service provider's checks", .serialized)
final class SAMLServiceProviderTests {
    let idp: SAMLTestIdentityProvider
    let acs = "https://campus.test.example.edu/saml/acs"
    let entityID = "https://campus.test.example.edu/saml/metadata"
    let request = "_request1"
    let now = Date()
    let metadataFile: String

    init() throws {
        idp = try SAMLTestIdentityProvider()
        metadataFile = idp.folder.appendingPathComponent("idp-metadata.xml").path
        try Data(idp.metadata(singleSignOn: "https://idp.test.example.edu/sso").utf8).write(to: URL(fileURLWithPath: metadataFile))
    }

    deinit { idp.close() }

    func settings(_ change: (inout SAMLSettings) -> Void = { _ in }) throws -> SAMLSettings {
        var settings = SAMLSettings(
            metadata: .file(metadataFile), entityID: entityID, assertionConsumer: URL(string: acs)!,
            privateKey: SAMLPrivateKey(pem: try idp.serviceProviderKeyPEM()), certificate: SAMLCertificate.pem(try idp.certificatePEM("sp")).first)
        change(&settings)
        return settings
    }

    func assertion(_ change: (inout SAMLTestIdentityProvider.Assertion) -> Void = { _ in }) -> SAMLTestIdentityProvider.Assertion {
        var assertion = SAMLTestIdentityProvider.Assertion(
            issuer: idp.entityID, audience: entityID, recipient: acs, inResponseTo: request, attributes: ["uid": ["FVogel"]], now: now)
        change(&assertion)
        return assertion
    }

    /// The assertion signed alone, as its own document, without the XML declaration.
    func signed(_ assertion: SAMLTestIdentityProvider.Assertion, by signer: SAMLTestIdentityProvider.Signer = .identityProvider) throws -> String {
        try Self.body(idp.sign(assertion.xml(signed: true), element: assertion.id, by: signer))
    }

    static func body(_ document: String) -> String {
        document.replacingOccurrences(of: #"<\?xml[^>]*\?>\s*"#, with: "", options: .regularExpression).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func response(_ assertion: String, destination: String? = nil) -> String {
        idp.response(assertion, inResponseTo: request, destination: destination ?? acs, now: now)
    }

    func finish(_ response: String, demandingMFA: Bool = false, settings: SAMLSettings? = nil) async throws(SignInRefusal) -> SAMLServiceProvider.SignedIn {
        let sp = SAMLServiceProvider(settings: try! settings ?? self.settings())
        return try await sp.finish(
            response: Data(response.utf8).base64EncodedString(), requestID: request, demandedMFA: demandingMFA, now: now)
    }

    func refusal(_ response: String, demandingMFA: Bool = false, settings: SAMLSettings? = nil) async -> SignInRefusal? {
        do {
            _ = try await finish(response, demandingMFA: demandingMFA, settings: settings)
            return nil
        } catch {
            return error
        }
    }

    @Test("a signed assertion, a signed response or an encrypted assertion signs its person in")
    func signsIn() async throws {
        let byAssertion = try await finish(response(signed(assertion())))
        #expect(byAssertion.identity.username == "fvogel" && byAssertion.identity.method == .saml && !byAssertion.identity.usedMFA)
        #expect(byAssertion.assertion == idp.entityID + " _assertion1" && byAssertion.identity.idpSession?.session == "_session1" && byAssertion.identity.idpSession?.subject == "nid-_assertion1")
        #expect(byAssertion.usableUntil > now.addingTimeInterval(300))

        let unsignedInside = idp.response(assertion().xml(signed: false), inResponseTo: request, destination: acs, signed: true, now: now)
        let byResponse = try await finish(Self.body(idp.sign(unsignedInside, element: "_response1")))
        #expect(byResponse.identity.username == "fvogel")

        let encrypted = try idp.encryptAssertion(in: response(signed(assertion { $0.context = "https://refeds.org/profile/mfa" })))
        #expect(!encrypted.contains("FVogel"), "the assertion is encrypted")
        let byEncrypted = try await finish(encrypted, demandingMFA: true)
        #expect(byEncrypted.identity.username == "fvogel" && byEncrypted.identity.usedMFA)
    }

    @Test("what is wrong with a response is refused, and the log line names it")
    func refusals() async throws {
        let good = assertion()
        let stranger = try response(signed(good, by: .stranger))
        let tampered = try response(signed(good)).replacingOccurrences(of: "FVogel", with: "regoffice")
        var cases: [(String, String, SignInRefusal.Kind, String)] = [
            ("unsigned", response(good.xml(signed: false)), .notTrusted, "neither the response nor its assertion is signed"),
            ("signed by a stranger", stranger, .notTrusted, "does not hold"),
            ("changed after signing", tampered, .notTrusted, "does not hold"),
            ("for another audience", try response(signed(assertion { $0.audience = "https://other.example.edu" })), .notTrusted, "audience"),
            ("to another recipient", try response(signed(assertion { $0.recipient = "https://other.example.edu/acs" })), .notTrusted, "bearer"),
            ("answering another request", try response(signed(assertion { $0.inResponseTo = "_other" })), .notTrusted, "bearer"),
            ("expired", try response(signed(assertion { $0.notOnOrAfter = now.addingTimeInterval(-600) })), .notTrusted, "expired"),
            ("not yet valid", try response(signed(assertion { $0.notBefore = now.addingTimeInterval(600) })), .notTrusted, "not valid before"),
            ("from another issuer", try response(signed(assertion { $0.issuer = "https://evil.example.com" })), .notTrusted, "issued by"),
            ("addressed elsewhere", try response(signed(good), destination: "https://other.example.edu/acs"), .notTrusted, "addressed"),
            ("naming nobody", try response(signed(assertion { $0.attributes = ["mail": ["x@example.edu"]] })), .noUsername, "no attribute uid"),
            ("naming two people", try response(signed(assertion { $0.attributes = ["uid": ["fvogel", "regoffice"]] })), .noUsername, "2 values"),
            ("signed with SHA-1", try Self.body(idp.sign(good.xml(signed: true, algorithm: .sha1), element: good.id)).wrappedIn(response),
             .notTrusted, "signature"),
        ]
        let signedGood = try response(signed(good))
        cases.append((
            "its reference an XPointer", signedGood.replacingOccurrences(of: "URI=\"#_assertion1\"", with: "URI=\"#xpointer(/)\""), .notTrusted,
            "one reference to its ID"))
        let encrypted = try idp.encryptAssertion(in: signedGood)
        cases.append((
            "encrypted by RSA PKCS#1 v1.5", encrypted.replacingOccurrences(of: "xmlenc#rsa-oaep-mgf1p", with: "xmlenc#rsa-1_5"), .notTrusted,
            "its algorithms"))
        cases.append((
            "encrypted, naming a file to read",
            encrypted.replacingOccurrences(of: "<xenc:CipherData>", with: "<xenc:CipherData><xenc:CipherReference URI=\"file:///etc/hostname\"/>"),
            .notTrusted, "a place to read"))
        let failed = idp.response("", inResponseTo: request, destination: acs, status: "urn:oasis:names:tc:SAML:2.0:status:Responder", now: now)
        cases.append(("a failure status", failed, .refusedByIdP, "Responder"))
        let doctype = "<!DOCTYPE r [<!ENTITY x \"regoffice\">]>" + (try response(signed(good)))
        cases.append(("with a DOCTYPE", doctype, .unreadable, "DOCTYPE"))
        cases.append(("not a response", "<html>IdP error</html>", .unreadable, "not a SAML Response"))
        cases.append(("not XML", "<samlp:Response", .unreadable, "not well-formed"))
        for (name, response, kind, words) in cases {
            let refused = await refusal(response)
            #expect(refused?.kind == kind, "\(name): \(String(describing: refused))")
            #expect(refused?.detail.contains(words) == true, "\(name): \(String(describing: refused?.detail))")
        }
        let noMFA = await refusal(try response(signed(good)), demandingMFA: true)
        #expect(noMFA?.kind == .noMFA)
        let eppn = try settings { $0.usernameAttribute = "eduPersonPrincipalName" }
        let outside = await refusal(
            try response(signed(assertion { $0.attributes = ["eduPersonPrincipalName": ["fvogel@evil.example.com"]] })), settings: eppn)
        #expect(outside?.kind == .notTrusted && outside?.detail.contains("scope") == true)
        let inside = try await finish(try response(signed(assertion { $0.attributes = ["urn:oid:1.3.6.1.4.1.5923.1.1.1.6": ["FVogel@example.edu"]] })), settings: eppn)
        #expect(inside.identity.username == "fvogel", "eduPersonPrincipalName in the IdP's scope, without it")
    }

    /// The eight XML signature wrapping attacks (Somorovsky et al., USENIX Security 2012), each
    /// built from a genuinely signed message and an evil assertion naming the registrar.
    @Test("each of the eight signature wrapping shapes is refused", arguments: 1...8)
    func signatureWrapping(variant: Int) async throws {
        let original = assertion()
        let evilAssertion = assertion { $0.attributes = ["uid": ["regoffice"]] }
        let signedAssertion = try signed(original)
        let signature = try #require(signedAssertion.range(of: #"(?s)<ds:Signature.*</ds:Signature>"#, options: .regularExpression))
        let signatureXML = String(signedAssertion[signature])
        let unsignedOriginal = signedAssertion.replacingCharacters(in: signature, with: "")
        let evil = evilAssertion.xml(signed: false)
        let evilSigned = evil.replacingOccurrences(of: "</saml:Issuer>", with: "</saml:Issuer>" + signatureXML)
        let message: String
        switch variant {
        case 1, 2:
            // The response is what is signed: the signed original moves inside (1) or beside (2)
            // the signature of an evil response of another ID.
            let signedResponse = try Self.body(
                idp.sign(
                    idp.response(original.xml(signed: false), inResponseTo: request, destination: acs, signed: true, now: now),
                    element: "_response1"))
            let responseSignature = try #require(signedResponse.range(of: #"(?s)<ds:Signature.*</ds:Signature>"#, options: .regularExpression))
            let moved = variant == 1
                ? String(signedResponse[responseSignature]).replacingOccurrences(of: "</ds:Signature>", with: signedResponse + "</ds:Signature>")
                : signedResponse + String(signedResponse[responseSignature])
            message = idp.response(evil, id: "_evil", inResponseTo: request, destination: acs, now: now)
                .replacingOccurrences(of: "<samlp:Status>", with: moved + "<samlp:Status>")
        case 3: message = response(evil + signedAssertion)
        case 4: message = response(evil.replacingOccurrences(of: "</saml:Assertion>", with: signedAssertion + "</saml:Assertion>"))
        case 5: message = response(evilSigned + unsignedOriginal)
        case 6:
            message = response(
                evil.replacingOccurrences(
                    of: "</saml:Issuer>",
                    with: "</saml:Issuer>" + signatureXML.replacingOccurrences(of: "</ds:Signature>", with: unsignedOriginal + "</ds:Signature>")))
        case 7:
            message = response(evil).replacingOccurrences(
                of: "<samlp:Status>", with: "<samlp:Extensions>\(signedAssertion)</samlp:Extensions><samlp:Status>")
        default:
            message = response(
                evil.replacingOccurrences(
                    of: "</saml:Issuer>",
                    with: "</saml:Issuer>"
                        + signatureXML.replacingOccurrences(of: "</ds:Signature>", with: "<ds:Object>\(unsignedOriginal)</ds:Object></ds:Signature>")))
        }
        #expect(message.contains("regoffice") && message.contains("<ds:SignatureValue>"))
        let refused = await refusal(message)
        #expect(refused?.kind == .notTrusted && refused?.detail.contains("a wrapped message") == true, "XSW\(variant): \(String(describing: refused))")
    }

    @Test("a sign-in goes to the IdP by redirect, deflated, naming this server and asking for MFA when demanded")
    func authnRequest() async throws {
        let sp = SAMLServiceProvider(settings: try settings())
        let start = try await sp.start(relayState: "state+/=", demandingMFA: true, now: now)
        #expect(start.url.absoluteString.hasPrefix("https://idp.test.example.edu/sso?SAMLRequest="))
        let (request, id, relayState) = try SAMLTestIdentityProvider.authnRequest(in: start.url.absoluteString)
        #expect(relayState == "state+/=" && id == start.requestID)
        #expect(request.contains("ID=\"\(start.requestID)\"") && request.contains("AssertionConsumerServiceURL=\"\(acs)\""))
        #expect(request.contains("<saml:Issuer>\(entityID)</saml:Issuer>") && request.contains("https://refeds.org/profile/mfa"))
        let metadata = await sp.metadata
        #expect(metadata.contains("entityID=\"\(entityID)\"") && metadata.contains("Location=\"\(acs)\"") && metadata.contains("<ds:X509Certificate>"))
    }

    @Test("an IdP whose metadata address does not answer is refused as unreachable, in words")
    func unreachableMetadata() async throws {
        // An address of this machine where nothing listens any more.
        let gone = try await LoopbackOpenIDProvider.start()
        let address = gone.issuer
        gone.stop()
        try await Task.sleep(for: .milliseconds(200))
        let sp = SAMLServiceProvider(
            settings: try settings { $0.metadata = .url(URL(string: address + "/idp/metadata")!) }, http: IdentityProviderHTTP(timeout: .seconds(2)))
        let refused = await #expect(throws: SignInRefusal.self) { _ = try await sp.start(relayState: "s", demandingMFA: false, now: now) }
        #expect(refused?.kind == .unreachable && refused?.words.contains("cannot be reached") == true, "\(String(describing: refused))")
    }

    @Test("metadata a signer is configured for must carry its signature, unchanged")
    func signedMetadata() throws {
        let plain = try idp.metadata(singleSignOn: "https://idp.test.example.edu/sso")
        let signer = SAMLCertificate.pem(try idp.certificatePEM())
        #expect(signer.count == 1)
        let read = try SAMLIdentityProvider.read(metadata: Array(plain.utf8), signer: nil)
        #expect(read.entityID == idp.entityID && read.certificates == signer && read.scopes == ["example.edu"])
        #expect(read.singleLogout?.absoluteString == "https://idp.test.example.edu/sso/logout")
        #expect(read.singleLogoutResponse?.absoluteString == "https://idp.test.example.edu/sso/logout-answer")
        #expect(throws: SignInRefusal.self) { try SAMLIdentityProvider.read(metadata: Array(plain.utf8), signer: signer) }
        let template = plain.replacingOccurrences(of: "<md:IDPSSODescriptor", with: SAMLTestIdentityProvider.signatureTemplate("_metadata") + "<md:IDPSSODescriptor")
        let signed = try idp.sign(template, element: "_metadata")
        #expect(try SAMLIdentityProvider.read(metadata: Array(signed.utf8), signer: signer).entityID == idp.entityID)
        let moved = signed.replacingOccurrences(of: "https://idp.test.example.edu/sso\"", with: "https://evil.example.com/sso\"")
        #expect(throws: SignInRefusal.self) { try SAMLIdentityProvider.read(metadata: Array(moved.utf8), signer: signer) }
    }
}

extension String {
    /// This assertion inside a response written by `response`.
    fileprivate func wrappedIn(_ response: (String, String?) -> String) -> String { response(self, nil) }
}
