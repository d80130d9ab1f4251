import Foundation

/// The one way answers become JSON, for the CLI's `--json` and the server alike:
/// pretty-printed, keys sorted, slashes as they are.
public enum AnswerJSON {
    /// The JSON text of `shape`.
    public static func text(_ shape: some Encodable) throws -> String {
        String(decoding: try data(shape), as: UTF8.self)
    }

    /// The JSON bytes of `shape`.
    public static func data(_ shape: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(shape)
    }
}
