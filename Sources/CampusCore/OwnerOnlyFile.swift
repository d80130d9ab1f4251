#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a file that holds secrets or education records is private to its owner.
///
/// Password files, cookie files and the configuration file (which may name
/// them) are refused when anyone but their owner may read or write them; the
/// index and the user-state store are reported. ``groupOrOtherAccess(_:)``
/// answers the question; ``chmodAdvice(_:)`` says the command that fixes it.
public enum OwnerOnlyFile {
    /// The permission bits (`0o644`) of the regular file `path` when its group or others have
    /// any access; `nil` when only its owner has, or when it does not exist or is no file (a
    /// folder named by mistake is reported by whatever opens it, not given a `chmod 600`).
    public static func groupOrOtherAccess(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let mode = Int(info.st_mode) & 0o777
        return mode & 0o077 == 0 ? nil : mode
    }

    /// `0644` as people write permission bits.
    public static func octal(_ mode: Int) -> String {
        "0" + String(mode, radix: 8)
    }

    /// The command that leaves `path` to its owner alone.
    public static func chmodAdvice(_ path: String) -> String {
        "chmod 600 \(ShellWord.quoted(path))"
    }
}
