import CampusCore
import CampusLookup
import Foundation

/// The demo directory's passwords in memory: everyone in `fixtures/directory.ldif` logs in
/// with `demo-<username>`, as against the slapd loaded with it. For router tests, where
/// log-in is not what is tested.
struct DemoPasswords: PasswordChecker {
    let usernames: Set<String>

    /// The usernames of the demo directory, read once.
    static let shared: DemoPasswords = {
        let ldif = DemoIndexFile.packageRoot.appendingPathComponent("fixtures/directory.ldif")
        let text = (try? String(contentsOf: ldif, encoding: .utf8)) ?? ""
        let names = text.split(separator: "\n").compactMap { line in line.hasPrefix("uid: ") ? String(line.dropFirst(5)) : nil }
        return DemoPasswords(usernames: Set(names))
    }()

    func check(_ name: String, password: String) async throws(CampusError) -> String {
        let username = name.lowercased()
        guard usernames.contains(username), password == "demo-\(username)" else { throw .loginFailed }
        return username
    }

    func probe() async throws(CampusError) {}
}
