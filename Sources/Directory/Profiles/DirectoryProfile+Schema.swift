import Foundation

extension DirectoryProfile {
    /// The fields none of whose attributes `isKnown` accepts, as `campus-mail (campusMailbox)`:
    /// what a warning names when a directory lacks attributes the profile maps.
    ///
    /// The privacy attribute counts as a field of its own, and so does the change-time
    /// attribute when `includingChangeTime`, as does the password's change time (an LDIF
    /// export usually lacks these operational attributes).
    public func fieldsMissing(includingChangeTime: Bool = true, where isKnown: (String) -> Bool) -> [String] {
        var mapped = DirectoryField.allCases.filter { includingChangeTime || $0 != .passwordChanged }
            .compactMap { field in fields[field].map { (field.rawValue, $0) } }
        if let attribute = privacy.attribute { mapped.append(("privacy", [attribute])) }
        if let modified, includingChangeTime { mapped.append(("modified", [modified])) }
        return mapped.filter { !$0.1.contains(where: isKnown) }
            .map { "\($0.0) (\($0.1.joined(separator: ", ")))" }
    }

    /// The fields whose attributes a server's schema does not define.
    ///
    /// - Parameter attributeTypes: the `attributeTypes` values of the server's
    ///   subschema entry (RFC 4512), e.g. `( 2.5.4.3 NAME ( 'cn' 'commonName' ) ... )`.
    public func fieldsMissing(fromSchema attributeTypes: [String]) -> [String] {
        let defined = Set(attributeTypes.flatMap(Self.names(inDefinition:)))
        return fieldsMissing { defined.contains($0.lowercased()) }
    }

    /// The lower-cased names an attribute type definition gives: `NAME 'x'` or `NAME ( 'x' 'y' )`.
    public static func names(inDefinition definition: String) -> [String] {
        guard let nameRange = definition.range(of: " NAME ") else { return [] }
        var rest = definition[nameRange.upperBound...].drop { $0 == " " }
        if rest.first == "(" {
            guard let close = rest.firstIndex(of: ")") else { return [] }
            rest = rest[rest.index(after: rest.startIndex)..<close]
        } else {
            let afterQuote = rest.dropFirst()
            guard let end = afterQuote.firstIndex(of: "'") else { return [] }
            rest = rest[rest.startIndex...end]
        }
        return rest.split(separator: "'").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.map { $0.lowercased() }
    }
}
