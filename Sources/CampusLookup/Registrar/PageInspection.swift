import CampusCore
import Foundation
internal import Registrar

extension CampusContext {
    /// `campus page FILE`: what the scraper reads out of one saved page, without an index.
    public func inspectPage(at path: String) throws(CampusError) -> ParsedPage {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw .unreadableFile(path: path, detail: error.localizedDescription)
        }
        let reader = PageReader(definition: try definition())
        return try lookingUp { try reader.read(bytes, source: path) }
    }
}
