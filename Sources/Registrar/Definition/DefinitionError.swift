/// Why a registrar definition file (`scrapers/*.yaml`) could not be loaded.
///
/// Every case names the file; key problems name the key as a dotted path
/// (`http.course.query`) so the fix is one edit away.
public enum DefinitionError: Error, Equatable, CustomStringConvertible {
    /// The file could not be read at all.
    case unreadable(file: String, reason: String)
    /// The file is not valid YAML.
    case invalidYAML(file: String, detail: String)
    /// A required key is missing.
    case missingKey(file: String, key: String)
    /// A key is present but its value cannot be used.
    case invalidValue(file: String, key: String, problem: String)

    /// What went wrong and how to fix it, naming the file and key.
    public var description: String {
        switch self {
        case .unreadable(let file, let reason):
            "Cannot read the registrar definition \(file): \(reason). Check the path and its permissions."
        case .invalidYAML(let file, let detail):
            "The registrar definition \(file) is not valid YAML: \(detail). Fix the syntax at the place named."
        case .missingKey(let file, let key):
            "The registrar definition \(file) lacks the key '\(key)'. Add it; scrapers/rose-hulman.yaml shows every key with comments."
        case .invalidValue(let file, let key, let problem):
            "The registrar definition \(file) has an unusable value at '\(key)': \(problem)."
        }
    }
}
