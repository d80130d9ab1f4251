import CampusCore
import Foundation
internal import Registrar

extension CampusContext {
    /// `campus page FILE`: what the scraper reads out of one saved page or answer, without an index.
    ///
    /// - Parameter definition: The school definition whose family reads it, by name
    ///   (`northeastern`) or path; the configuration's `registrar.definition` when `nil`.
    public func inspectPage(at path: String, definition: String? = nil) throws(CampusError) -> ParsedPage {
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path).bytes()
        } catch {
            throw .unreadableFile(path: path, detail: error.description)
        }
        let url = try locator.definition(definition ?? configuration.registrar.definition ?? "rose-hulman")
        let school = try lookingUp { try SchoolDefinition.load(contentsOf: url) }
        return try lookingUp { try school.reader.read(bytes, source: path) }
    }
}
