import Foundation

/// What a SAML assertion says, read from the bytes its signature covers (or from a response
/// whose signature covers it): nothing here comes from an unsigned part of a message.
struct SAMLAssertion: Sendable, Hashable {
    /// One `<saml:SubjectConfirmation>` of the bearer method: to whom, until when, in answer to what.
    struct Confirmation: Sendable, Hashable {
        var recipient: String?
        var notBefore: Date?
        var notOnOrAfter: Date?
        var inResponseTo: String?
    }

    var id: String
    var issuer: String
    var nameID: String?
    var nameIDFormat: String?
    /// The IdP's session (`SessionIndex`), for single logout.
    var sessionIndex: String?
    var confirmations: [Confirmation]
    var notBefore: Date?
    var notOnOrAfter: Date?
    /// Each `<saml:AudienceRestriction>`'s audiences: every one must name this server.
    var audienceRestrictions: [[String]]
    /// How the person signed in (`AuthnContextClassRef`), once per `AuthnStatement`.
    var authenticationContexts: [String]
    /// Attribute values by the attribute's `Name`, and again by its `FriendlyName`.
    var attributes: [String: [String]]

    static let bearer = "urn:oasis:names:tc:SAML:2.0:cm:bearer"

    /// Reads `element`, a `<saml:Assertion>`.
    init(_ element: SAMLElement) throws(SignInRefusal) {
        let a = SAMLNamespace.assertion
        guard element.is("Assertion", in: a), let id = element.attribute("ID"), !id.isEmpty else {
            throw SignInRefusal(.unreadable, "the signed part is not an assertion with an ID")
        }
        guard element.attribute("Version") == "2.0" else { throw SignInRefusal(.unreadable, "the assertion is not SAML 2.0") }
        self.id = id
        issuer = element.child("Issuer", in: a)?.text ?? ""
        let subject = element.child("Subject", in: a)
        nameID = subject?.child("NameID", in: a)?.text
        nameIDFormat = subject?.child("NameID", in: a)?.attribute("Format")
        confirmations = (subject?.children("SubjectConfirmation", in: a) ?? [])
            .filter { $0.attribute("Method") == Self.bearer }
            .map { confirmation in
                let data = confirmation.child("SubjectConfirmationData", in: a)
                return Confirmation(
                    recipient: data?.attribute("Recipient"), notBefore: SAMLTime.parse(data?.attribute("NotBefore")),
                    notOnOrAfter: SAMLTime.parse(data?.attribute("NotOnOrAfter")), inResponseTo: data?.attribute("InResponseTo"))
            }
        let conditions = element.child("Conditions", in: a)
        notBefore = SAMLTime.parse(conditions?.attribute("NotBefore"))
        notOnOrAfter = SAMLTime.parse(conditions?.attribute("NotOnOrAfter"))
        audienceRestrictions = (conditions?.children("AudienceRestriction", in: a) ?? []).map { restriction in
            restriction.children("Audience", in: a).map(\.text)
        }
        let statements = element.children("AuthnStatement", in: a)
        sessionIndex = statements.lazy.compactMap { $0.attribute("SessionIndex") }.first
        authenticationContexts = statements.compactMap { $0.child("AuthnContext", in: a)?.child("AuthnContextClassRef", in: a)?.text }
        var attributes: [String: [String]] = [:]
        for attribute in element.children("AttributeStatement", in: a).flatMap({ $0.children("Attribute", in: a) }) {
            let values = attribute.children("AttributeValue", in: a).map(\.text)
            for name in [attribute.attribute("Name"), attribute.attribute("FriendlyName")].compactMap({ $0 }) where !name.isEmpty {
                attributes[name, default: []] += values
            }
        }
        self.attributes = attributes
        if statements.isEmpty { throw SignInRefusal(.unreadable, "the assertion \(id) says nothing of a sign-in (no AuthnStatement)") }
    }
}
