import CampusCore
import CampusIndex
import Foundation

/// A real index holding both terms of ``Fixtures`` and the directory of ``DirectoryFixtures``.
struct DirectoryIndex {
    let index: TemporaryIndex
    var store: CampusDatabase { index.store }

    init() throws {
        index = try TemporaryIndex()
        try store.terms.replace(Fixtures.fallSnapshot, force: false, now: Fixtures.crawledAt)
        try store.terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        try store.syncDirectory(DirectoryFixtures.everyone, .full)
    }
}

extension CampusDatabase {
    /// Syncs `people` in one batch as a sync of ``DirectoryFixtures/source``.
    @discardableResult
    func syncDirectory(_ people: [DirectoryPerson], _ kind: DirectorySyncKind, force: Bool = false,
                       removalLimit: Double = DirectoryStore.defaultRemovalLimit) throws -> DirectorySyncReport {
        try syncDirectory([.people(people)], kind, force: force, removalLimit: removalLimit)
    }

    /// Hands the index `batches` in turn, then the end of a sync of ``DirectoryFixtures/source`` of `kind`.
    @discardableResult
    func syncDirectory(
        _ batches: [DirectoryBatch], _ kind: DirectorySyncKind, state: DirectorySyncState = DirectoryFixtures.state(),
        force: Bool = false, removalLimit: Double = DirectoryStore.defaultRemovalLimit,
        now: Date = DirectoryFixtures.syncedAt, whileWriting: () throws -> Void = {}
    ) throws -> DirectorySyncReport {
        var pending = batches[...]
        return try directory.sync(force: force, removalLimit: removalLimit, now: now) {
            guard let batch = pending.popFirst() else { return .finish(kind, state: state, optOuts: nil) }
            try whileWriting()
            return batch
        }
    }
}
