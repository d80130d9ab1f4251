import Foundation

extension SlapdServer {
    /// The checkout this file was compiled from.
    public static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// `<repository>/scripts/slapd`.
    public static var scriptPath: String {
        repositoryRoot + "/scripts/slapd"
    }

    /// Writes `text` to a new file in the temporary directory and returns its
    /// path, for ``start(ldifFiles:sizeLimit:)``. The caller removes it.
    public static func writeTemporaryLDIF(_ text: String) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("slapd-\(UUID().uuidString).ldif")
        try Data(text.utf8).write(to: file)
        return file.path
    }
}
