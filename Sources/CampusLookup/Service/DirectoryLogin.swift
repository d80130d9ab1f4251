import CampusCore
internal import Directory
import Foundation

/// Checks campus passwords against the directory the `directory:` settings name: the
/// service account finds the person's DN with the profile's filter and username
/// attribute, then a bind as that DN on a fresh connection checks the password.
/// Nothing keeps the password; its bytes live in one ``Directory/DirectorySecret``.
struct DirectoryLogin: PasswordChecker {
    let authenticator: DirectoryAuthenticator

    /// `nil` when the settings name no directory server (an LDIF export cannot check passwords).
    /// A log-in waits `directory.login-timeout` seconds (default 5) for the directory to connect
    /// and for each answer, however long a sync may wait.
    init?(campus: CampusContext) throws(CampusError) {
        let request = try campus.directorySyncRequest(DirectorySyncOptions())
        guard case .server(var server, let credential, let base) = request.location else { return nil }
        let timeout = campus.configuration.directory.loginTimeout ?? 5
        guard timeout > 0, timeout.isFinite else {
            throw .badConfiguration(path: campus.paths.configFile.path, detail: "directory.login-timeout: \(timeout) is not a positive number of seconds")
        }
        server.operationTimeout = .seconds(timeout)
        server.connectTimeout = min(server.connectTimeout, .seconds(timeout))
        let attribute = request.profile.fields[.username]?.first ?? "uid"
        var authenticator = try lookingUp {
            try DirectoryAuthenticator(
                server: server, serviceCredential: credential, searchBase: base,
                userFilter: "(&\(request.peopleFilter)(\(attribute)={username}))")
        }
        authenticator.usernameAttribute = attribute
        authenticator.principalFilter = request.profile.fields[.principalName]?.first.map { "(&\(request.peopleFilter)(\($0)={principal}))" }
        self.authenticator = authenticator
    }

    /// Whether the directory answers: a connection and the service account's bind.
    ///
    /// - Throws: ``CampusError/directory(_:)`` saying why not (for the log: it names the server).
    func probe() async throws(CampusError) {
        do {
            try await authenticator.checkService()
        } catch {
            throw CampusError(error)
        }
    }

    /// The username of the person `name` (as typed) names, when `password` is theirs: `name` itself, or
    /// for `user@realm` and `DOMAIN\user`, the username the directory keeps for them.
    ///
    /// - Throws: ``CampusError/loginFailed`` for an unknown name, a wrong or empty password and a
    ///   disabled account alike; ``CampusError/directory(_:)`` when the directory cannot answer.
    func check(_ name: String, password: String) async throws(CampusError) -> String {
        guard let name = LoginName(name) else { throw .loginFailed }
        let secret = DirectorySecret(password)
        do {
            return try await authenticator.authenticate(name, password: secret).username.lowercased()
        } catch DirectoryError.wrongUsernameOrPassword, DirectoryError.emptyPassword {
            throw .loginFailed
        } catch {
            throw CampusError(error)
        }
    }
}
