extension DecodingError {
    /// What is wrong where, in words for the person who wrote the file or the body:
    /// `registrar.concurrency: expected a number`, never Swift's debug dump, which quotes the
    /// values it found (a secret in a file named by mistake, say).
    ///
    /// - Parameter root: what the top level is called (`the file`, `the body`).
    public func readableDescription(root: String = "the file") -> String {
        func path(_ context: Context) -> String {
            let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
            return keys.isEmpty ? root : keys
        }
        switch self {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            return "\(path(context)): expected \(Self.kind(of: type))"
        case .keyNotFound(let key, let context):
            return "\(path(context)): missing key \(key.stringValue)"
        case .dataCorrupted(let context):
            let underlying = context.underlyingError.map { " (\(ErrorText.firstLine(of: $0)))" } ?? ""
            return "\(path(context)): \(ErrorText.firstLine(of: context.debugDescription))\(underlying)"
        @unknown default:
            return "\(root) is not valid"
        }
    }

    /// What a value of Swift type `type` is called in a YAML or JSON file's own words.
    static func kind(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array") || name.hasPrefix("[") && !name.contains(":") { return "a list" }
        if name.hasPrefix("Dictionary") || name.hasPrefix("[") { return "an object of keys and values" }
        if name == "String" || name == "Substring" { return "a string" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Int64", "Int32", "Double", "Float", "UInt"].contains(name) { return "a number" }
        return "a value of another kind"
    }
}

/// What errors of other libraries say, made fit to show a person.
public enum ErrorText {
    /// The first line of what an error says: parsers and TLS libraries follow it with the
    /// text they stopped at or their own internals.
    public static func firstLine(of error: Any) -> String {
        String(String(describing: error).split(whereSeparator: \.isNewline).first ?? "")
    }
}
