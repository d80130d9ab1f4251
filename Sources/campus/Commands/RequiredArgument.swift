import ArgumentParser

/// A command's argument that must name something: empty or blank is a usage error (exit 2),
/// never a lookup of nothing (`campus course ''` had listed every section); so is one far
/// longer than anything it could name, which would otherwise come back whole in the error.
enum RequiredArgument {
    /// Longer than any username, section, room or path a person types.
    static let maximumLength = 1024

    static func check(_ value: String, names what: String, example: String) throws {
        guard !value.allSatisfy(\.isWhitespace) else {
            throw ValidationError("Give \(what), e.g. \(example); an empty one names nothing.")
        }
        guard value.count <= maximumLength else {
            throw ValidationError("Give \(what), e.g. \(example); this one is \(value.count) characters long, more than any could be.")
        }
    }
}
