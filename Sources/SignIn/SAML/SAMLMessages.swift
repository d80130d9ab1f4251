import Foundation
internal import CLibXML2
internal import CZlib

/// The messages the service provider writes: its `AuthnRequest` sent by the HTTP-Redirect
/// binding (SAML Bindings §3.4), and its own metadata.
enum SAMLMessages {
    /// A fresh message ID: an XML name (`_` and 32 hex digits).
    static func makeID() -> String {
        var generator = SystemRandomNumberGenerator()
        return "_" + (0..<16).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// An `AuthnRequest` for a response by HTTP-POST to `settings.assertionConsumer`; with
    /// `demandingMFA`, the REFEDS MFA context is requested exactly.
    static func authnRequest(id: String, to provider: SAMLIdentityProvider, settings: SAMLSettings, demandingMFA: Bool, now: Date) -> String {
        let context = demandingMFA
            ? "<samlp:RequestedAuthnContext Comparison=\"exact\"><saml:AuthnContextClassRef>\(escaped(settings.mfaContext))"
                + "</saml:AuthnContextClassRef></samlp:RequestedAuthnContext>"
            : ""
        return "<samlp:AuthnRequest xmlns:samlp=\"\(SAMLNamespace.protocol)\" xmlns:saml=\"\(SAMLNamespace.assertion)\" ID=\"\(id)\" "
            + "Version=\"2.0\" IssueInstant=\"\(SAMLTime.format(now))\" Destination=\"\(escaped(provider.singleSignOn.absoluteString))\" "
            + "AssertionConsumerServiceURL=\"\(escaped(settings.assertionConsumer.absoluteString))\" "
            + "ProtocolBinding=\"urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST\">"
            + "<saml:Issuer>\(escaped(settings.entityID))</saml:Issuer>\(context)</samlp:AuthnRequest>"
    }

    /// `endpoint` with `message` deflated, in base64, as `SAMLRequest`, and `relayState`.
    static func redirect(to endpoint: URL, message: String, relayState: String) throws(SignInRefusal) -> URL {
        let input = Array(message.utf8)
        var output = [UInt8](repeating: 0, count: input.count + 256)
        let size = output.withUnsafeMutableBufferPointer { out in
            input.withUnsafeBufferPointer { campus_deflate_raw($0.baseAddress, UInt($0.count), out.baseAddress, UInt(out.count)) }
        }
        guard size >= 0 else { throw SignInRefusal(.unreadable, "the SAML request could not be deflated") }
        guard var parts = URLComponents(url: endpoint, resolvingAgainstBaseURL: false) else {
            throw SignInRefusal(.unreadable, "the IdP's sign-in address '\(endpoint)' cannot take a query")
        }
        // Each value percent-encoded whole: `+` and `/` of base64 included.
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let query = [
            ("SAMLRequest", Data(output.prefix(size)).base64EncodedString()), ("RelayState", relayState),
        ].map { $0.0 + "=" + ($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "") }.joined(separator: "&")
        parts.percentEncodedQuery = [parts.percentEncodedQuery, query].compactMap { $0 }.joined(separator: "&")
        guard let url = parts.url else { throw SignInRefusal(.unreadable, "the SAML redirect could not be written") }
        return url
    }

    /// An enveloped RSA-SHA256 signature of the element `id` (exclusive canonicalization), for
    /// xmlsec1 to fill.
    static func signatureTemplate(referencing id: String) -> String {
        "<ds:Signature xmlns:ds=\"\(SAMLNamespace.signature)\"><ds:SignedInfo>"
            + "<ds:CanonicalizationMethod Algorithm=\"http://www.w3.org/2001/10/xml-exc-c14n#\"/>"
            + "<ds:SignatureMethod Algorithm=\"http://www.w3.org/2001/04/xmldsig-more#rsa-sha256\"/><ds:Reference URI=\"#\(id)\"><ds:Transforms>"
            + "<ds:Transform Algorithm=\"http://www.w3.org/2000/09/xmldsig#enveloped-signature\"/>"
            + "<ds:Transform Algorithm=\"http://www.w3.org/2001/10/xml-exc-c14n#\"/></ds:Transforms>"
            + "<ds:DigestMethod Algorithm=\"http://www.w3.org/2001/04/xmlenc#sha256\"/><ds:DigestValue/></ds:Reference></ds:SignedInfo>"
            + "<ds:SignatureValue/></ds:Signature>"
    }

    /// This server's metadata: its entity ID, where responses and logouts come back, its
    /// certificate (for encryption, and for its signed logout messages), and that it wants
    /// assertions signed.
    static func metadata(_ settings: SAMLSettings) -> String {
        let key = settings.certificate.map { certificate in
            "<md:KeyDescriptor><ds:KeyInfo xmlns:ds=\"\(SAMLNamespace.signature)\"><ds:X509Data><ds:X509Certificate>"
                + certificate.base64Text + "</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>"
        } ?? ""
        let logout = settings.singleLogout.map {
            "<md:SingleLogoutService Binding=\"urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST\" Location=\"\(escaped($0.absoluteString))\"/>"
        } ?? ""
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<md:EntityDescriptor xmlns:md=\"\(SAMLNamespace.metadata)\" entityID=\"\(escaped(settings.entityID))\">"
            + "<md:SPSSODescriptor AuthnRequestsSigned=\"false\" WantAssertionsSigned=\"true\" "
            + "protocolSupportEnumeration=\"urn:oasis:names:tc:SAML:2.0:protocol\">\(key)\(logout)"
            + "<md:AssertionConsumerService Binding=\"urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST\" "
            + "Location=\"\(escaped(settings.assertionConsumer.absoluteString))\" index=\"0\" isDefault=\"true\"/>"
            + "</md:SPSSODescriptor></md:EntityDescriptor>\n"
    }

    /// `text` escaped for an attribute value or element text, by libxml2.
    static func escaped(_ text: String) -> String {
        guard let escaped = xmlEncodeSpecialChars(nil, text) else { return "" }
        defer { campus_xmlFree(escaped) }
        return String(cString: escaped)
    }
}
