import CampusCore
import Foundation
import Yams

/// A definition file's YAML, composed once into Yams' node tree, so that errors can
/// name the line: the family it names, keys no definition of that family knows, and
/// values the compiler refuses.
struct DefinitionSource {
    let file: String
    let root: Node

    /// How `YAMLDecoder` resolves scalars (every scalar a string until decoded), so that
    /// the tree decoded here is the one it decodes from text.
    private static let resolver = Resolver.basic.appending(.merge)
    /// The spellings of YAML's null.
    private static let nulls: Set<String> = ["", "~", "null", "Null", "NULL"]

    /// The text of the definition file at `url`.
    static func text(of url: URL) throws(DefinitionError) -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw .unreadable(file: url.path, reason: error.localizedDescription)
        }
    }

    /// Composes `text`; `file` names it in errors.
    init(_ text: String, file: String) throws(DefinitionError) {
        self.file = file
        do {
            guard let root = try Yams.compose(yaml: text, DefinitionSource.resolver), root.mapping != nil else {
                throw DefinitionError.invalidYAML(file: file, detail: "the file holds no keys (expected family:, name: and the rest)")
            }
            self.root = root
        } catch let error as DefinitionError {
            throw error
        } catch {
            throw .invalidYAML(file: file, detail: ErrorText.firstLine(of: error))
        }
    }

    /// The family the file names (`family: banner8`).
    func family() throws(DefinitionError) -> RegistrarFamily {
        let names = RegistrarFamily.allCases.map(\.rawValue).joined(separator: ", ")
        guard let node = root["family"] else { throw .missingFamily(file: file, known: names) }
        guard let name = node.string, let family = RegistrarFamily(rawValue: name) else {
            throw .unknownFamily(file: file, family: node.string ?? "", line: node.mark?.line ?? 0, known: names)
        }
        return family
    }

    /// Decodes the file as `T`, refusing any key `T` does not read (a misspelt key would
    /// otherwise be ignored without a word).
    func decode<T: Codable>(_ type: T.Type) throws(DefinitionError) -> T {
        let value: T
        do {
            value = try YAMLDecoder().decode(T.self, from: root)
        } catch let error as DecodingError {
            throw DefinitionDecodingFailure.describe(error, file: file)
        } catch {
            throw .invalidYAML(file: file, detail: ErrorText.firstLine(of: error))
        }
        // What T reads is what it writes back: a key of the file not written back is unknown.
        let known: Node?
        do {
            known = try Yams.compose(yaml: YAMLEncoder().encode(value), DefinitionSource.resolver)
        } catch {
            throw .invalidYAML(file: file, detail: ErrorText.firstLine(of: error))
        }
        if let unknown = DefinitionSource.firstUnknownKey(in: root, knownBy: known, path: []) {
            throw .unknownKey(file: file, key: unknown.path, line: unknown.line)
        }
        return value
    }

    /// The line of the key at `path` (`tables.sections.columns.credits`), or of the
    /// deepest part of it the file has.
    func line(of path: String) -> Int? {
        var node = root
        var line = root.mark?.line
        for part in path.split(separator: ".") {
            guard let mapping = node.mapping,
                  let pair = mapping.first(where: { $0.key.string == String(part) }) else { break }
            line = pair.key.mark?.line ?? line
            node = pair.value
        }
        return line
    }

    private static func firstUnknownKey(in node: Node, knownBy known: Node?, path: [String]) -> (path: String, line: Int)? {
        if let mapping = node.mapping {
            let knownMapping = known?.mapping
            for (key, value) in mapping {
                let name = key.string ?? ""
                // A YAML merge (`<<: *anchor`) is read into the mapping it sits in; its keys are
                // not written back under it.
                if name == "<<" { continue }
                let here = path + [name]
                guard let knownValue = knownMapping?[name] else {
                    // A key whose value is null decodes as absent and is not written back.
                    if DefinitionSource.nulls.contains(value.scalar?.string ?? "-"), knownMapping != nil { continue }
                    return (here.joined(separator: "."), key.mark?.line ?? 0)
                }
                if let found = firstUnknownKey(in: value, knownBy: knownValue, path: here) { return found }
            }
        } else if let sequence = node.sequence {
            let knownItems = known?.sequence.map(Array.init) ?? []
            for (index, item) in sequence.enumerated() where index < knownItems.count {
                var indexed = path
                indexed[indexed.count - 1] += "[\(index)]"
                if let found = firstUnknownKey(in: item, knownBy: knownItems[index], path: indexed) { return found }
            }
        }
        return nil
    }
}
