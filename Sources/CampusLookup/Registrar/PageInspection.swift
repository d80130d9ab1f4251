import CampusCore
import Foundation
internal import Registrar

extension CampusContext {
    /// `campus page FILE`: what the scraper reads out of one saved page or answer, without an index.
    ///
    /// - Parameter definition: The school definition whose family reads it, by name
    ///   (`northeastern`) or path; the campus's own (`registrar.definition`) when `nil`.
    func inspectPage(at path: String, definition: String? = nil) throws(CampusError) -> ParsedPage {
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path).bytes()
        } catch {
            throw .unreadableFile(path: path, detail: error.description)
        }
        let reader = try school(named: definition).reader
        return try lookingUp { try reader.read(bytes, source: path) }
    }
}
