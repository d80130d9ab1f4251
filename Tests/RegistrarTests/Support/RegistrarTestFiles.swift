import Foundation
import Registrar
import CampusCore

/// Files the Registrar tests read: the package's own definition and fixtures,
/// and the real registrar pages in `../shared/registrar-samples/` (never copied).
enum RegistrarTestFiles {
    /// The package root, found from this file's place in `Tests/RegistrarTests/Support/`.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/registrar-samples/` beside the package.
    static let samples = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/registrar-samples")

    /// `fixtures/edge-cases/`.
    static let edgeCases = packageRoot.appendingPathComponent("fixtures/edge-cases")

    /// `fixtures/period-era/`: pages of the 2011-2012 period-number era.
    static let periodEra = packageRoot.appendingPathComponent("fixtures/period-era")

    /// `scrapers/rose-hulman.yaml`.
    static let roseHulman = packageRoot.appendingPathComponent("scrapers/rose-hulman.yaml")

    /// The Rose-Hulman definition, loaded from its file.
    static func definition() throws -> RegistrarDefinition {
        try RegistrarDefinition.load(contentsOf: roseHulman)
    }

    /// Reads one file with the Rose-Hulman definition; the source is the file's path.
    static func read(_ url: URL) throws -> ParsedPage {
        let bytes = try [UInt8](Data(contentsOf: url))
        return try PageReader(definition: definition()).read(bytes, source: url.path)
    }

    /// Reads a real sample page by name.
    static func sample(_ name: String) throws -> ParsedPage {
        try read(samples.appendingPathComponent(name))
    }

    /// Reads a period-era fixture by name.
    static func periodEraPage(_ name: String) throws -> ParsedPage {
        try read(periodEra.appendingPathComponent(name))
    }

    /// Reads an edge-case fixture by name.
    static func edgeCase(_ name: String) throws -> ParsedPage {
        try read(edgeCases.appendingPathComponent(name))
    }

    /// Why `reader` refuses `text` as the page `page.html`; `nil` when it reads it.
    static func refusal(of text: String, by reader: PageReader) -> PageReadError? {
        do {
            _ = try reader.read(Array(text.utf8), source: "page.html")
            return nil
        } catch {
            return error
        }
    }
}
