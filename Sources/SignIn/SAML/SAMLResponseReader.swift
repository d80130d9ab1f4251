import Foundation

/// Reads a `<samlp:Response>` posted to `/saml/acs` down to the one assertion it may be
/// trusted for. Only what an IdP signature covers is read: a signed assertion is read from the
/// bytes its signature's digest was computed over, never from the tree it was found in; a
/// response without a signed assertion must itself be signed, and is then read from its own
/// signed bytes. A message with two responses, two assertions or an ID used twice (the shapes
/// of signature wrapping) is refused before any signature is looked at.
struct SAMLResponseReader {
    var provider: SAMLIdentityProvider
    var settings: SAMLSettings

    /// The status and the trusted assertion of a response: the caller checks the assertion's
    /// audience, times and addressee.
    func read(_ bytes: [UInt8]) throws(SignInRefusal) -> (assertion: SAMLAssertion, destination: String?, inResponseTo: String?) {
        let p = SAMLNamespace.protocol, a = SAMLNamespace.assertion
        let document = try SAMLDocument(bytes, what: "the SAML response")
        guard var response = document.root, response.is("Response", in: p) else {
            throw SignInRefusal(.unreadable, "the message posted is not a SAML Response")
        }
        guard response.attribute("Version") == "2.0", let responseID = response.attribute("ID") else {
            throw SignInRefusal(.unreadable, "the SAML Response is not version 2.0 or has no ID")
        }
        try document.registerIDs(under: response)
        let assertions = response.count("Assertion", in: a) + response.count("EncryptedAssertion", in: a)
        guard response.count("Response", in: p) == 1, assertions <= 1 else {
            throw SignInRefusal(.notTrusted, "the response holds \(assertions) assertions or another response (a wrapped message)")
        }
        try status(of: response)
        guard assertions == 1 else { throw SignInRefusal(.unreadable, "the response says success and holds no assertion") }
        if let issuer = response.child("Issuer", in: a)?.text, issuer != provider.entityID {
            throw SignInRefusal(.notTrusted, "the response was issued by '\(issuer)', not the IdP '\(provider.entityID)'")
        }
        // The response's own signature, when there is one: from here on only what it covers is read.
        var responseSigned = false
        if let signature = response.child("Signature", in: SAMLNamespace.signature) {
            response = try signedElement(signature, of: response, id: responseID, named: "Response", in: p, what: "the SAML response")
            responseSigned = true
        }
        let holders = response.children.filter { $0.is("Assertion", in: a) || $0.is("EncryptedAssertion", in: a) }
        guard holders.count == 1, var assertion = holders.first else {
            throw SignInRefusal(.notTrusted, "the response's signed part holds no assertion of its own")
        }
        if assertion.is("EncryptedAssertion", in: a) { assertion = try decrypted(assertion) }
        guard let assertionID = assertion.attribute("ID") else { throw SignInRefusal(.unreadable, "the assertion has no ID") }
        if let signature = assertion.child("Signature", in: SAMLNamespace.signature) {
            assertion = try signedElement(signature, of: assertion, id: assertionID, named: "Assertion", in: a, what: "the assertion")
        } else if !responseSigned {
            throw SignInRefusal(.notTrusted, "neither the response nor its assertion is signed")
        }
        return (try SAMLAssertion(assertion), response.attribute("Destination"), response.attribute("InResponseTo"))
    }

    /// Refuses a response whose status is not success, naming the IdP's reason.
    private func status(of response: SAMLElement) throws(SignInRefusal) {
        let p = SAMLNamespace.protocol
        let status = response.child("Status", in: p)
        let code = status?.child("StatusCode", in: p)
        let value = code?.attribute("Value") ?? ""
        guard value != "urn:oasis:names:tc:SAML:2.0:status:Success" else { return }
        let second = code?.child("StatusCode", in: p)?.attribute("Value") ?? ""
        let message = status?.child("StatusMessage", in: p)?.text ?? ""
        let said = [value, second, String(message.prefix(120))].filter { !$0.isEmpty }.joined(separator: " / ")
        let kind: SignInRefusal.Kind = second.hasSuffix(":NoAuthnContext") ? .noMFA : .refusedByIdP
        throw SignInRefusal(kind, "the IdP answered \(said.isEmpty ? "no status" : said)")
    }

    /// The element `signature` covers, read again from the bytes the signature holds for: it must
    /// be the element the signature sits in (`id`), of the kind expected.
    private func signedElement(
        _ signature: SAMLElement, of element: SAMLElement, id: String, named name: String, in namespace: String, what: String
    ) throws(SignInRefusal) -> SAMLElement {
        let covered = try XMLSecurity.verify(signature, of: id, certificates: provider.certificates(settings), what: what)
        guard covered.id == id else { throw SignInRefusal(.notTrusted, "\(what)'s signature covers another element than \(what)") }
        let document = try SAMLDocument(covered.bytes, what: "the signed part of \(what)")
        guard let signed = document.root, signed.is(name, in: namespace), signed.attribute("ID") == id else {
            throw SignInRefusal(.notTrusted, "what \(what)'s signature covers is not \(what)")
        }
        try document.registerIDs(under: signed)
        return signed
    }

    /// The assertion an `<saml:EncryptedAssertion>` holds, decrypted with this server's key.
    /// It may come before any signature is checked: nothing in it may name another place to read
    /// (`CipherReference`, `RetrievalMethod`, transforms), only AES (CBC, GCM) and RSA-OAEP are
    /// taken, and every failure from here to the assertion's own checks is the same refusal, so
    /// that the page tells a sender nothing about what the decryption came to.
    private func decrypted(_ holder: SAMLElement) throws(SignInRefusal) -> SAMLElement {
        let refusal = { (detail: String) in SignInRefusal(.notTrusted, "the encrypted assertion cannot be used: \(detail)") }
        guard let key = settings.privateKey else { throw refusal("no key of this server is configured (login.saml.sp-key-file)") }
        let x = SAMLNamespace.encryption, ds = SAMLNamespace.signature
        let data = holder.children("EncryptedData", in: x)
        guard data.count == 1, let encrypted = data.first else { throw refusal("it holds \(data.count) EncryptedData") }
        for (name, namespace) in [("CipherReference", x), ("RetrievalMethod", ds), ("Transforms", x), ("Transforms", ds)]
        where holder.count(name, in: namespace) > 0 {
            throw refusal("it names a place to read (\(name))")
        }
        let methods = Self.encryptionMethods(under: holder)
        guard !methods.isEmpty, methods.allSatisfy(Self.acceptedEncryption.contains) else { throw refusal("its algorithms \(methods)") }
        try XMLSecurity.decrypt(encrypted, key: key, what: "the encrypted assertion")
        let inside = holder.children
        guard let assertion = inside.first(where: { $0.is("Assertion", in: SAMLNamespace.assertion) }),
            inside.count(where: { $0.is("Assertion", in: SAMLNamespace.assertion) }) == 1
        else { throw refusal("it does not hold one assertion") }
        do {
            try holder.document.registerIDs(under: assertion)
        } catch {
            throw refusal(error.detail)
        }
        return assertion
    }

    /// AES in CBC or GCM for the assertion, RSA-OAEP for its key.
    static let acceptedEncryption: Set<String> = [
        "http://www.w3.org/2001/04/xmlenc#aes128-cbc", "http://www.w3.org/2001/04/xmlenc#aes192-cbc",
        "http://www.w3.org/2001/04/xmlenc#aes256-cbc", "http://www.w3.org/2009/xmlenc11#aes128-gcm",
        "http://www.w3.org/2009/xmlenc11#aes192-gcm", "http://www.w3.org/2009/xmlenc11#aes256-gcm",
        "http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p", "http://www.w3.org/2009/xmlenc11#rsa-oaep",
    ]

    /// The `Algorithm` of every `<xenc:EncryptionMethod>` under `element`.
    private static func encryptionMethods(under element: SAMLElement) -> [String] {
        element.children.flatMap { child in
            (child.is("EncryptionMethod", in: SAMLNamespace.encryption) ? [child.attribute("Algorithm") ?? ""] : []) + encryptionMethods(under: child)
        }
    }
}

extension SAMLIdentityProvider {
    /// The certificates to check its signatures with: the pinned ones, else its metadata's.
    func certificates(_ settings: SAMLSettings) -> [SAMLCertificate] {
        settings.pinnedCertificates ?? certificates
    }
}
