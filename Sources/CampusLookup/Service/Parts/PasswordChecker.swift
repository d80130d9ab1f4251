/// What checks a campus password at log-in: the directory server in production
/// (``CampusService/init(campus:configuration:)`` makes one from the `directory:`
/// settings), any other implementation in tests.
public protocol PasswordChecker: Sendable {
    /// The username of the person `name` names (as typed: `user`, `user@realm` or
    /// `DOMAIN\\user`), when `password` is theirs.
    ///
    /// - Throws: ``CampusError/loginFailed`` for an unknown name, a wrong or empty password and a
    ///   disabled account alike; ``CampusError/directory(_:)`` when the checker cannot answer.
    func check(_ name: String, password: String) async throws(CampusError) -> String

    /// Whether the checker can answer now (for `/readyz`).
    ///
    /// - Throws: ``CampusError/directory(_:)`` saying why not.
    func probe() async throws(CampusError)
}
