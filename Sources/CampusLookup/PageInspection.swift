import CampusCore
import Foundation
import Registrar

extension CampusContext {
    /// `campus page FILE`: what the scraper reads out of one saved page, without an index.
    public func inspectPage(at path: String) throws -> ParsedPage {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw CampusError.unreadableFile(path: path, detail: error.localizedDescription)
        }
        return try reader.read(bytes, source: path)
    }
}
