import Foundation

/// A SAML message the browser carries by the HTTP-POST binding: the address its form posts
/// to and the form's fields (`SAMLRequest` or `SAMLResponse`, and `RelayState`).
public struct SAMLPost: Sendable {
    public var url: URL
    public var fields: [(name: String, value: String)]
}

/// What the IdP posted to `/saml/slo`.
public enum SAMLLogoutMessage: Sendable {
    /// The IdP ends its session: end the sessions of `subject`'s IdP sessions `sessions` (all of
    /// the subject's when empty), then post `reply` back. The request (`proof`, its issuer and ID)
    /// is to be used once, until `usableUntil`.
    case request(issuer: String, subject: String, sessions: [String], reply: SAMLPost, proof: String, usableUntil: Date)
    /// The IdP's answer to a logout this server asked for.
    case response(success: Bool)
}

/// Single logout (SAML Profiles §4.4) by the HTTP-POST binding, from the IdP and to it. The
/// IdP's requests must be signed (they end sessions) and are read from what the signature
/// covers; this server's messages are signed with its key when one is configured.
extension SAMLServiceProvider {
    /// A `LogoutRequest` for `session`, to post to the IdP; `nil` when the IdP's metadata offers
    /// no logout by HTTP-POST.
    public func logoutRequest(for session: IdPSession, now: Date) async throws(SignInRefusal) -> SAMLPost? {
        let provider = try await identityProvider(now: now)
        guard let endpoint = provider.singleLogout else { return nil }
        let id = SAMLMessages.makeID()
        let format = session.hint.isEmpty ? "" : " Format=\"\(SAMLMessages.escaped(session.hint))\""
        let index = session.session.isEmpty ? "" : "<samlp:SessionIndex>\(SAMLMessages.escaped(session.session))</samlp:SessionIndex>"
        let message = try signed(
            "<samlp:LogoutRequest \(Self.namespaces) ID=\"\(id)\" Version=\"2.0\" IssueInstant=\"\(SAMLTime.format(now))\" "
                + "Destination=\"\(SAMLMessages.escaped(endpoint.absoluteString))\" NotOnOrAfter=\"\(SAMLTime.format(now.addingTimeInterval(300)))\">"
                + "<saml:Issuer>\(SAMLMessages.escaped(settings.entityID))</saml:Issuer>\(Self.signatureSlot(id))"
                + "<saml:NameID\(format)>\(SAMLMessages.escaped(session.subject))</saml:NameID>\(index)</samlp:LogoutRequest>")
        return SAMLPost(url: endpoint, fields: [("SAMLRequest", Data(message.utf8).base64EncodedString())])
    }

    /// Reads what the IdP posted to `/saml/slo`: a `LogoutRequest` signed by it, to this server,
    /// in time, answered with a `LogoutResponse`; or its `LogoutResponse` to this server's request.
    public func receiveLogout(request: String?, response: String?, relayState: String?, now: Date) async throws(SignInRefusal) -> SAMLLogoutMessage {
        let p = SAMLNamespace.protocol, a = SAMLNamespace.assertion
        guard let posted = request ?? response, posted.utf8.count <= 1 << 20,
            let bytes = Data(base64Encoded: posted, options: .ignoreUnknownCharacters), !bytes.isEmpty
        else { throw SignInRefusal(.unreadable, "the post holds no SAMLRequest or SAMLResponse in base64") }
        let provider = try await identityProvider(now: now)
        let document = try SAMLDocument(bytes, what: "the logout message")
        guard var root = document.root else { throw SignInRefusal(.unreadable, "the logout message is empty") }
        if response != nil {
            guard root.is("LogoutResponse", in: p) else { throw SignInRefusal(.unreadable, "the SAMLResponse posted is not a LogoutResponse") }
            let code = root.child("Status", in: p)?.child("StatusCode", in: p)?.attribute("Value")
            return .response(success: code == "urn:oasis:names:tc:SAML:2.0:status:Success")
        }
        guard root.is("LogoutRequest", in: p), let id = root.attribute("ID") else {
            throw SignInRefusal(.unreadable, "the SAMLRequest posted is not a LogoutRequest with an ID")
        }
        try document.registerIDs(under: root)
        guard root.count("LogoutRequest", in: p) == 1 else { throw SignInRefusal(.notTrusted, "two logout requests in one (a wrapped message)") }
        guard let signature = root.child("Signature", in: SAMLNamespace.signature) else {
            throw SignInRefusal(.notTrusted, "the IdP's logout request is not signed")
        }
        let covered = try XMLSecurity.verify(signature, of: id, certificates: provider.certificates(settings), what: "the logout request")
        let signedDocument = try SAMLDocument(covered.bytes, what: "the signed logout request")
        guard covered.id == id, let signedRoot = signedDocument.root, signedRoot.is("LogoutRequest", in: p), signedRoot.attribute("ID") == id else {
            throw SignInRefusal(.notTrusted, "the logout request's signature covers another element")
        }
        root = signedRoot
        guard root.child("Issuer", in: a)?.text == provider.entityID else {
            throw SignInRefusal(.notTrusted, "the logout request is not from the IdP \(provider.entityID)")
        }
        guard let destination = root.attribute("Destination"), destination == settings.singleLogout?.absoluteString else {
            throw SignInRefusal(.notTrusted, "the logout request is addressed to '\(root.attribute("Destination") ?? "nobody")', not this server")
        }
        guard let issued = SAMLTime.parse(root.attribute("IssueInstant")), abs(issued.timeIntervalSince(now)) <= settings.skew + Self.logoutLifetime
        else {
            throw SignInRefusal(.notTrusted, "the logout request was issued at \(root.attribute("IssueInstant") ?? "no time"), not now")
        }
        if let until = SAMLTime.parse(root.attribute("NotOnOrAfter")), until <= now.addingTimeInterval(-settings.skew) {
            throw SignInRefusal(.notTrusted, "the logout request expired at \(SAMLTime.format(until))")
        }
        guard let subject = root.child("NameID", in: a)?.text, !subject.isEmpty else {
            throw SignInRefusal(.unreadable, "the logout request names nobody (no NameID)")
        }
        let sessions = root.children("SessionIndex", in: p).map(\.text).filter { !$0.isEmpty }
        guard let back = provider.singleLogoutResponse ?? provider.singleLogout else {
            throw SignInRefusal(.unreadable, "the IdP's metadata offers no logout by HTTP-POST to answer to")
        }
        let answerID = SAMLMessages.makeID()
        let answer = try signed(
            "<samlp:LogoutResponse \(Self.namespaces) ID=\"\(answerID)\" Version=\"2.0\" IssueInstant=\"\(SAMLTime.format(now))\" "
                + "Destination=\"\(SAMLMessages.escaped(back.absoluteString))\" InResponseTo=\"\(SAMLMessages.escaped(id))\">"
                + "<saml:Issuer>\(SAMLMessages.escaped(settings.entityID))</saml:Issuer>\(Self.signatureSlot(answerID))"
                + "<samlp:Status><samlp:StatusCode Value=\"urn:oasis:names:tc:SAML:2.0:status:Success\"/></samlp:Status></samlp:LogoutResponse>")
        var fields = [(name: "SAMLResponse", value: Data(answer.utf8).base64EncodedString())]
        if let relayState, !relayState.isEmpty, relayState.utf8.count <= 512 { fields.append(("RelayState", relayState)) }
        return .request(
            issuer: provider.entityID, subject: subject, sessions: sessions, reply: SAMLPost(url: back, fields: fields),
            proof: provider.entityID + " logout " + id, usableUntil: issued.addingTimeInterval(2 * (settings.skew + Self.logoutLifetime)))
    }

    /// How long after it was issued the browser may bring the IdP's logout request.
    static var logoutLifetime: TimeInterval { 300 }

    private static let namespaces = "xmlns:samlp=\"\(SAMLNamespace.protocol)\" xmlns:saml=\"\(SAMLNamespace.assertion)\""

    /// Where a message's signature goes, marked for ``signed(_:)``.
    private static func signatureSlot(_ id: String) -> String { "<!--signature:\(id)-->" }

    /// `message` with its signature slot filled by xmlsec1 with this server's key, or emptied
    /// when no key is configured.
    private func signed(_ message: String) throws(SignInRefusal) -> String {
        guard let key = settings.privateKey, let slot = message.firstMatch(of: /<!--signature:([^>]+)-->/) else {
            return message.replacing(/<!--signature:[^>]+-->/, with: "")
        }
        let template = message.replacingCharacters(in: slot.range, with: SAMLMessages.signatureTemplate(referencing: String(slot.1)))
        let document = try SAMLDocument(Array(template.utf8), what: "this server's message")
        guard let root = document.root, let signature = root.child("Signature", in: SAMLNamespace.signature) else {
            throw SignInRefusal(.unreadable, "this server's message has no signature slot")
        }
        try document.registerIDs(under: root)
        try XMLSecurity.sign(signature, key: key)
        return document.serialized
    }
}
