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
    /// Stages `people` in one batch and commits them as a sync of ``DirectoryFixtures/source``.
    @discardableResult
    func syncDirectory(_ people: [DirectoryPerson], _ kind: DirectorySyncKind, force: Bool = false) throws -> DirectorySyncReport {
        let staging = try directory.beginSync()
        try staging.add(people)
        return try staging.commit(kind, state: DirectoryFixtures.state(), force: force, now: DirectoryFixtures.syncedAt)
    }
}
