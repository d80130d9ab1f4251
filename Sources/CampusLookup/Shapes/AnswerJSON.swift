import Foundation

/// The one way answers become JSON, for the CLI's `--json` and the server alike:
/// keys sorted, slashes as they are; pretty-printed for people, compact for the API.
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

    /// The JSON bytes of `shape` without the line breaks and indentation: the API's form,
    /// what `JSONEncoder` writes with keys sorted and slashes as they are, written by
    /// ``CompactJSONEncoder`` at a fraction of its cost.
    public static func compactData(_ shape: some Encodable) throws -> [UInt8] {
        try CompactJSONEncoder.encode(shape)
    }
}
