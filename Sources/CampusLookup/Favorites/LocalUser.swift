import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The person running `campus` on this machine, who owns the favorites it keeps.
public enum LocalUser {
    /// `$USER`, else the login name of the process's user id, else `local`.
    public static var name: String {
        if let user = ProcessEnvironment.value("USER"), !user.isEmpty { return user }
        if let entry = getpwuid(getuid()), let login = entry.pointee.pw_name { return String(cString: login) }
        return "local"
    }
}
