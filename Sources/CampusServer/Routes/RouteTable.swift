import Hummingbird
import Synchronization

/// Every route the API answers, as templates (`/v1/people/{username}`): what tells a 405
/// from a 404, and what the OpenAPI document is checked against.
final class RouteTable: Sendable {
    struct Route: Hashable, Sendable {
        var method: HTTPRequest.Method
        /// As registered and documented: `/v1/people/{username}`, `/v1/feeds/{token}.ics`.
        var path: String
    }

    let routes: [Route]

    init(_ routes: [Route]) {
        self.routes = routes
    }

    /// The methods of the routes whose template matches `path`.
    func methods(matching path: String) -> [HTTPRequest.Method] {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        var methods: [HTTPRequest.Method] = []
        for route in routes where Self.matches(route.path, parts) && !methods.contains(route.method) {
            methods.append(route.method)
        }
        return methods
    }

    private static func matches(_ template: String, _ parts: [Substring]) -> Bool {
        let pattern = template.split(separator: "/", omittingEmptySubsequences: false)
        guard pattern.count == parts.count else { return false }
        return zip(pattern, parts).allSatisfy { expected, given in
            guard expected.hasPrefix("{"), let close = expected.firstIndex(of: "}") else { return expected == given }
            let suffix = expected[expected.index(after: close)...]
            return given.count > suffix.count && given.hasSuffix(suffix)
        }
    }
}

/// The route table, set once every route is registered: the middleware that needs it
/// is added to the router before the routes are.
final class RouteTableBox: Sendable {
    private let table = Mutex(RouteTable([]))

    func set(_ table: RouteTable) {
        self.table.withLock { $0 = table }
    }

    func methods(matching path: String) -> [HTTPRequest.Method] {
        table.withLock { $0 }.methods(matching: path)
    }
}
