import CampusCore
internal import Directory
import Foundation

/// Checks campus passwords against the directory the `directory:` settings name: the
/// service account finds the person's DN with the profile's filter and username
/// attribute, then a bind as that DN on a fresh connection checks the password.
/// Nothing keeps the password; its bytes live in one ``Directory/DirectorySecret``.
struct DirectoryLogin: Sendable {
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
        authenticator = try lookingUp {
            try DirectoryAuthenticator(
                server: server, serviceCredential: credential, searchBase: base,
                userFilter: "(&\(request.profile.filter)(\(attribute)={username}))")
        }
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

    /// Whether `password` is `username`'s.
    ///
    /// - Throws: ``CampusError/loginFailed`` for an unknown user, a wrong or empty password and a
    ///   disabled account alike; ``CampusError/directory(_:)`` when the directory cannot answer.
    func check(username: String, password: String) async throws(CampusError) {
        let secret = DirectorySecret(password)
        do {
            _ = try await authenticator.authenticate(username: username, password: secret)
        } catch DirectoryError.wrongUsernameOrPassword, DirectoryError.emptyPassword {
            throw .loginFailed
        } catch {
            throw CampusError(error)
        }
    }
}
