import Foundation

/// One `name=value` pair of a query string or form body.
public struct QueryItem: Hashable, Sendable {
    /// The parameter name (`termcode`).
    public var name: String
    /// Its value, not yet percent-encoded (`Download Roster`).
    public var value: String

    /// Creates a pair.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// The HTTP request answering a ``Lookup``: method, path, query and (for POST) a form body.
///
/// ```swift
/// let request = definition.request(for: .roster(id: "CSSE474-02", term: TermCode("202630")!))
/// let url = request.url(relativeTo: URL(string: "https://registrar.example.edu")!)
/// // https://registrar.example.edu/regweb-cgi/reg-sched.pl?type=Roster&termcode=202630&view=tgrid&id=CSSE474-02
/// ```
public struct RegistrarRequest: Hashable, Sendable {
    /// `GET` or `POST`.
    public var method: String
    /// The path, starting with `/`, relative to the registrar's base URL.
    public var path: String
    /// The query parameters, in order.
    public var query: [QueryItem]
    /// The form fields of a POST (`application/x-www-form-urlencoded`); `nil` for a GET.
    public var body: [QueryItem]?

    /// Creates a request.
    public init(method: String, path: String, query: [QueryItem], body: [QueryItem]? = nil) {
        self.method = method
        self.path = path
        self.query = query
        self.body = body
    }

    /// The full URL below `base`; a path prefix of `base` (`https://host/mirror`) is kept.
    public func url(relativeTo base: URL) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: true) ?? URLComponents()
        let prefix = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = prefix + path
        components.percentEncodedQuery = query.isEmpty ? nil : Self.formEncoded(query)
        return components.url ?? base
    }

    /// The body as `application/x-www-form-urlencoded` text (`id=CSSE220-01&download=Download+Roster`).
    public var encodedBody: String? { body.map(Self.formEncoded) }

    private static func formEncoded(_ items: [QueryItem]) -> String {
        items.map { "\(encode($0.name))=\(encode($0.value))" }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~ ")

    /// `text` form-encoded: unreserved characters kept, spaces as `+`, the rest percent-encoded.
    static func encode(_ text: String) -> String {
        let escaped = text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
        return escaped.replacingOccurrences(of: " ", with: "+")
    }
}
