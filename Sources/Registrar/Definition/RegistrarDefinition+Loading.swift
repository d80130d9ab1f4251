import CampusCore
import Foundation
import Yams

extension RegistrarDefinition {
    /// Loads and checks a definition file.
    ///
    /// - Throws: ``DefinitionError`` naming the file, the key (`http.course.query`) and the problem.
    public static func load(contentsOf url: URL) throws(DefinitionError) -> RegistrarDefinition {
        try parse(try DefinitionSource.text(of: url), file: url.path)
    }

    /// Reads a definition from YAML text; `file` names it in errors.
    static func parse(_ text: String, file: String) throws(DefinitionError) -> RegistrarDefinition {
        let source = try DefinitionSource(text, file: file)
        let family = try source.family()
        guard family == .regSched else {
            throw .invalidValue(
                file: file, key: "family",
                problem: "\(family.rawValue) registrars are read by `campus page --definition` so far; syncs, imports and "
                    + "reparses into the index read reg-sched registrars only (a reg-sched definition is needed here)")
        }
        return try DefinitionCompiler(source: source).compile(try source.decode(DefinitionFile.self))
    }
}

/// Turns a decoder's error into a ``DefinitionError`` that names the key.
enum DefinitionDecodingFailure {
    static func describe(_ error: DecodingError, file: String) -> DefinitionError {
        switch error {
        case .keyNotFound(let key, let context):
            return .missingKey(file: file, key: path(context.codingPath + [key]))
        case .valueNotFound(let type, let context):
            return .invalidValue(file: file, key: path(context.codingPath), problem: "no value where \(name(of: type)) belongs")
        case .typeMismatch(let type, let context):
            return .invalidValue(file: file, key: path(context.codingPath), problem: "expected \(name(of: type))")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                let detail = context.underlyingError.map { String(describing: $0) } ?? context.debugDescription
                return .invalidYAML(file: file, detail: detail)
            }
            return .invalidValue(file: file, key: path(context.codingPath), problem: context.debugDescription)
        @unknown default:
            return .invalidYAML(file: file, detail: String(describing: error))
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
            .joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "a text"
        case is Int.Type: "a whole number"
        default: "a \(type)"
        }
    }
}
