import Foundation
import Registrar

/// What the fuzz targets read besides their input: files of the campus-lookup checkout.
public enum FuzzFiles {
    /// The campus-lookup checkout, found from this file's place in `Fuzz/Sources/FuzzSupport/`.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The shipped Rose-Hulman definition, `scrapers/rose-hulman.yaml`; stops the fuzzer when it cannot be read,
    /// since no input could then be tried.
    public static let definition: RegistrarDefinition = {
        let url = packageRoot.appendingPathComponent("scrapers/rose-hulman.yaml")
        do {
            return try RegistrarDefinition.load(contentsOf: url)
        } catch {
            fatalError("cannot load the registrar definition \(url.path): \(error)")
        }
    }()

    /// The shipped school definition `scrapers/NAME.yaml`, of any family; stops the fuzzer when it cannot be read.
    public static func school(_ name: String) -> SchoolDefinition {
        let url = packageRoot.appendingPathComponent("scrapers/\(name).yaml")
        do {
            return try SchoolDefinition.load(contentsOf: url)
        } catch {
            fatalError("cannot load the school definition \(url.path): \(error)")
        }
    }
}
