internal import CampusIndex
import Foundation
internal import Registrar
internal import UserStatePostgres

/// Opens the user-state store where the configuration puts it.
enum UserStateOpening {
    /// The store at `location`: an SQLite file (created when missing; favorites an index at
    /// `indexPath` kept before the store existed are carried over), or a PostgreSQL
    /// database, connected on first use.
    static func open(_ location: UserStateLocation, indexPath: String?) throws(CampusError) -> any UserStateStore {
        switch location {
        case .file(let url):
            let store = try lookingUp { try SQLiteUserState.open(path: url.path) }
            if let indexPath { try lookingUp { try store.importLegacyFavorites(fromIndexAt: indexPath, now: Date()) } }
            return store
        case .postgres(let url, let passwordFile):
            return try postgres(url: url, passwordFile: passwordFile)
        }
    }

    /// The PostgreSQL store `url` names, its password read from `passwordFile`; errors name the
    /// settings as `names` says they were given (the configuration's keys, or a command's flags).
    static func postgres(
        url: String, passwordFile: String?, names: (url: String, passwordFile: String) = ("state", "state-password-file")
    ) throws(CampusError) -> PostgresUserState {
        let address: PostgresAddress
        do {
            address = try PostgresAddress(parsing: url)
        } catch {
            throw .userState("\(names.url): \(error.description.replacingOccurrences(of: "state-password-file", with: names.passwordFile))")
        }
        var password: String?
        if let passwordFile {
            do {
                password = try CredentialSource.file(path: passwordFile).read()
            } catch {
                throw .userState("\(names.passwordFile): \(error)")
            }
        }
        return PostgresUserState(address: address, password: password)
    }
}
