import Foundation
import Synchronization

/// The cookies a registrar's answers set, sent back on every later request of the same
/// source: Banner's session (`JSESSIONID`) and the load balancer's.
///
/// Cookies are kept by name for the one host a source talks to, for as long as the
/// source lives; attributes (`Path`, `Expires`, `HttpOnly`) are not needed for that and
/// are dropped. Their values are secrets of the session: never logged.
final class CookieJar: Sendable {
    private let cookies = Mutex<[(name: String, value: String)]>([])

    /// Keeps the cookie of each `Set-Cookie` header (`JSESSIONID=abc; Path=/; HttpOnly`),
    /// replacing one of the same name; one set to an empty value is forgotten.
    func record(setCookie headers: some Sequence<String>) {
        for header in headers {
            let pair = header.split(separator: ";", maxSplits: 1).first ?? ""
            guard let equals = pair.firstIndex(of: "=") else { continue }
            let name = pair[..<equals].trimmingCharacters(in: .whitespaces)
            let value = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            cookies.withLock { cookies in
                cookies.removeAll { $0.name == name }
                if !value.isEmpty { cookies.append((name, value)) }
            }
        }
    }

    /// The `Cookie` header's value (`JSESSIONID=abc; BIGip=x`); `nil` while the jar is empty.
    var header: String? {
        cookies.withLock { cookies in
            cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
        }
    }

    /// Forgets every cookie: the next request starts a new session.
    func clear() {
        cookies.withLock { $0.removeAll() }
    }
}
