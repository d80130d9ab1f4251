import ArgumentParser

/// A command's argument that must name something: empty or blank is a usage error (exit 2),
/// never a lookup of nothing (`campus course ''` had listed every section).
enum RequiredArgument {
    static func check(_ value: String, names what: String, example: String) throws {
        guard !value.allSatisfy(\.isWhitespace) else {
            throw ValidationError("Give \(what), e.g. \(example); an empty one names nothing.")
        }
    }
}
