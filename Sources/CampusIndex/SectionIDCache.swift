import CampusCore
import Foundation

/// Section ids read back from the index, parsed once per process.
///
/// `SectionID.init` validates its text character by character; search turns the
/// same few thousand stored ids into values on every query, so they are kept.
final class SectionIDCache: @unchecked Sendable {
    /// The cache shared by every store in the process.
    static let shared = SectionIDCache()

    private let lock = NSLock()
    private var ids: [String: SectionID] = [:]
    /// Campuses have a few thousand ids per term; past this the cache starts over.
    private let capacity = 100_000

    /// The id `text` spells, or `nil` when it is not a section id.
    func id(_ text: String) -> SectionID? {
        if let known = lock.withLock({ ids[text] }) { return known }
        guard let parsed = SectionID(text) else { return nil }
        lock.withLock {
            if ids.count >= capacity { ids.removeAll(keepingCapacity: true) }
            ids[text] = parsed
        }
        return parsed
    }
}
