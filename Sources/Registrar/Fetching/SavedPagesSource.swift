import Foundation

/// Reads pages from a directory of saved pages, laid out as the registrar
/// definition says (`terms.html`, `202630/Roster-CSSE474-02.html`, ...).
///
/// A missing file is ``FetchError/pageMissing(lookup:location:)`` ("not there");
/// a file that exists but cannot be read is ``FetchError/unreadable(path:reason:)`` ("broken").
///
/// ```swift
/// let source = SavedPagesSource(directory: "fixtures/demo-campus", definition: definition)
/// let terms = try await source.fetch(.termList)
/// ```
public struct SavedPagesSource: PageSource {
    /// The directory the pages are in.
    public let directory: String
    let definition: RegistrarDefinition

    public var location: String { "saved pages in \(directory)" }

    /// - Parameters:
    ///   - directory: The saved-pages directory.
    ///   - definition: Says where each lookup's page is kept.
    public init(directory: String, definition: RegistrarDefinition) {
        self.directory = directory
        self.definition = definition
    }

    /// The file that holds the answer to `lookup`.
    public func path(for lookup: Lookup) -> String {
        URL(fileURLWithPath: directory).appendingPathComponent(definition.savedPagePath(for: lookup)).path
    }

    public func fetch(_ lookup: Lookup) async throws(FetchError) -> FetchedPage {
        if Task.isCancelled { throw .cancelled }
        let path = path(for: lookup)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .pageMissing(lookup: lookup, location: path)
        }
        guard !isDirectory.boolValue else { throw .unreadable(path: path, reason: "it is a directory") }
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            return FetchedPage(source: path, lookup: lookup, bytes: [UInt8](data), fetchedAt: Date())
        } catch {
            throw .unreadable(path: path, reason: error.localizedDescription)
        }
    }
}
