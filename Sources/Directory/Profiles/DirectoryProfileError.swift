/// A directory profile that cannot be used, with what to fix.
public enum DirectoryProfileError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(path: String, detail: String)
    /// The file is not a valid profile.
    case invalid(path: String, detail: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let detail):
            "cannot read the directory profile \(path): \(detail)"
        case .invalid(let path, let detail):
            "the directory profile \(path) is not valid: \(detail)"
        }
    }
}
