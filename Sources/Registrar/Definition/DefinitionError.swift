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
    /// The file names no family (a definition written before families: add `family: reg-sched`).
    case missingFamily(file: String, known: String)
    /// The file names a family no code reads (`known` lists those that are).
    case unknownFamily(file: String, family: String, line: Int, known: String)
    /// A key no definition of the file's family reads (a misspelling, or a key of another family).
    case unknownKey(file: String, key: String, line: Int)
    /// One header spelling is given for two fields of one table (it would be read as either).
    case spellingForTwoFields(file: String, key: String, spelling: String, fields: [String], line: Int)

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
        case .missingFamily(let file, let known):
            "The registrar definition \(file) names no family. Add the line `family: reg-sched` for a Schedule Lookup "
                + "(reg-sched.pl) registrar such as scrapers/rose-hulman.yaml, or the family it is (\(known))."
        case .unknownFamily(let file, let family, let line, let known):
            "The registrar definition \(file), line \(line), names the family '\(family)', which campus-lookup does not read. "
                + "Use one of \(known)."
        case .unknownKey(let file, let key, let line):
            "The registrar definition \(file), line \(line), has the key '\(key)', which a definition of its family does not have. "
                + "Check its spelling against the definitions under scrapers/, or remove it."
        case .spellingForTwoFields(let file, let key, let spelling, let fields, let line):
            "The registrar definition \(file), line \(line), gives the header '\(spelling)' under \(key) for both "
                + "\(fields.joined(separator: " and ")). A header names one field: keep it under one."
        }
    }
}
