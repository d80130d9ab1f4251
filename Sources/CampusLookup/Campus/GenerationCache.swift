import CampusCore
import Synchronization

/// Values made from the index, each kept while the index stays at the generation it was
/// made at: the next look-up at another generation makes it anew.
///
/// ```swift
/// let finders = GenerationCache<TermCode, FreeRoomFinder>()
/// let finder = try finders.value(term, generation: 42) { () throws(CampusError) in try makeFinder(term) }
/// ```
final class GenerationCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let kept = Mutex<[Key: (generation: Int64, value: Value)]>([:])

    /// The value of `key` at `generation`: kept from an earlier look-up of the same generation,
    /// else made by `make` and kept.
    func value(_ key: Key, generation: Int64, make: () throws(CampusError) -> Value) throws(CampusError) -> Value {
        if let known = kept.withLock({ $0[key] }), known.generation == generation { return known.value }
        let value = try make()
        kept.withLock { $0[key] = (generation, value) }
        return value
    }

    /// Forgets every value: the index they were made from is no longer the one read.
    func removeAll() {
        kept.withLock { $0 = [:] }
    }
}
