import Foundation

/// The server as a CAS 3.0 client: sends people to the CAS server's `login` with this
/// site's callback as the service, and checks the ticket they come back with at
/// `p3/serviceValidate` (a ticket is good once, and for that service only: the CAS server
/// sees to both).
public struct CASClient: Sendable {
    /// The CAS server's base (`https://cas.example.edu/cas`).
    public var server: URL
    /// The attribute that holds the username; `nil`: the CAS user itself.
    public var usernameAttribute: String?
    private let http: IdentityProviderHTTP

    public init(server: URL, usernameAttribute: String? = nil, http: IdentityProviderHTTP = IdentityProviderHTTP()) {
        self.server = server
        self.usernameAttribute = usernameAttribute
        self.http = http
    }

    /// Where to send the browser: `login` with `service`.
    public func loginURL(service: URL) -> URL {
        endpoint("login", ["service": service.absoluteString])
    }

    /// Checks `ticket` for `service` (exactly the service the sign-in was sent with).
    public func validate(ticket: String, service: URL) async throws(SignInRefusal) -> SignInIdentity {
        let data = try await http.get(endpoint("p3/serviceValidate", ["service": service.absoluteString, "ticket": ticket]), what: "the CAS ticket check")
        guard let answer = CASServiceResponse.read(data) else {
            throw SignInRefusal(.unreadable, "the CAS server's ticket check answered no serviceResponse")
        }
        if let failure = answer.failure {
            // Its words often quote the ticket: the code alone goes to the log.
            throw SignInRefusal(.notTrusted, "the CAS server refused the ticket: \(IdentityProviderHTTP.printable(failure.code))")
        }
        guard answer.userCount == 1 else { throw SignInRefusal(.notTrusted, "the CAS answer names \(answer.userCount) users") }
        let name: String?
        if let usernameAttribute {
            let values = answer.attributes[usernameAttribute] ?? []
            guard values.count <= 1 else { throw SignInRefusal(.notTrusted, "the CAS attribute \(usernameAttribute) holds \(values.count) values") }
            name = values.first
        } else {
            name = answer.user
        }
        guard let username = name?.trimmingCharacters(in: .whitespaces).lowercased(), !username.isEmpty else {
            throw SignInRefusal(.noUsername, "the CAS answer has no \(usernameAttribute.map { "attribute \($0)" } ?? "user")")
        }
        return SignInIdentity(username: username, method: .cas, usedMFA: false)
    }

    private func endpoint(_ path: String, _ query: [String: String]) -> URL {
        var components = URLComponents(url: server.appendingPathComponent(path), resolvingAgainstBaseURL: false)!
        components.percentEncodedQueryItems = query.sorted { $0.key < $1.key }.map {
            URLQueryItem(name: $0.key, value: FormEncoding.encode($0.value).replacingOccurrences(of: "+", with: "%20"))
        }
        return components.url!
    }
}
