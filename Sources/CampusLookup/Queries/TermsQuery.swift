import CampusCore
import CampusIndex
import Foundation

extension CampusContext {
    /// `campus terms`: the terms the index holds, newest first.
    public func terms() throws -> [TermSummary] {
        try openIndex().terms()
    }
}
