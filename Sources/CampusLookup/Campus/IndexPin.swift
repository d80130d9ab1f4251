internal import CampusIndex
import Synchronization

/// The index one request reads: the first look-up takes the one served then, and every later
/// one reads that same index, so an answer never mixes two (a new snapshot taken in meanwhile).
final class IndexPin: Sendable {
    private let pinned = Mutex<CampusDatabase?>(nil)

    /// The pinned index, or the one `open` gives, pinned from now on.
    func index(_ open: () throws(CampusError) -> CampusDatabase) throws(CampusError) -> CampusDatabase {
        if let known = pinned.withLock({ $0 }) { return known }
        let opened = try open()
        // Two first look-ups at once: both read the one pinned first.
        return pinned.withLock { pinned in
            let database = pinned ?? opened
            pinned = database
            return database
        }
    }
}
