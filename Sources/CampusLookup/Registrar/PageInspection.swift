import CampusCore
import Foundation
internal import Registrar

extension CampusContext {
    /// `campus page FILE`: what the scraper reads out of one saved page, without an index.
    public func inspectPage(at path: String) throws(CampusError) -> ParsedPage {
        let bytes: [UInt8]
        do {
            bytes = try InputFile(path: path).bytes()
        } catch {
            throw .unreadableFile(path: path, detail: error.description)
        }
        let reader = PageReader(definition: try definition())
        return try lookingUp { try reader.read(bytes, source: path) }
    }
}
