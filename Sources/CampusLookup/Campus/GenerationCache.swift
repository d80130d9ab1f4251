import CampusCore
internal import CampusIndex
import Synchronization

/// Values made from the index, each kept while the index stays in the state it was made
/// from (an equal ``IndexStamp``): a look-up at another generation, or of another index file,
/// makes it anew. An entry holds the open index it was made from until it is replaced or
/// ``removeAll()`` runs.
///
/// ```swift
/// let finders = GenerationCache<TermCode, FreeRoomFinder>()
/// let finder = try finders.value(term, at: try reader.stamp()) { () throws(CampusError) in try makeFinder(term) }
/// ```
final class GenerationCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let kept = Mutex<[Key: (stamp: IndexStamp, value: Value)]>([:])

    /// The value of `key` at `stamp`: kept from an earlier look-up of the same state of the
    /// same index, else made by `make` and kept.
    func value(_ key: Key, at stamp: IndexStamp, make: () throws(CampusError) -> Value) throws(CampusError) -> Value {
        if let known = kept.withLock({ $0[key] }), known.stamp == stamp { return known.value }
        let value = try make()
        kept.withLock { $0[key] = (stamp, value) }
        return value
    }

    /// Forgets every value, and lets go of the indexes they were made from.
    func removeAll() {
        kept.withLock { $0 = [:] }
    }
}
