internal import CampusIndex
import CampusCore
internal import Directory
import Foundation

/// The writing side of a directory sync: on a thread of its own, holds the index's
/// write transaction for the sync (``CampusIndex/DirectoryStore/sync(force:removalLimit:now:next:)``)
/// and maps each page of entries to people and writes them there, while the reading
/// side reads the next page from the server or the file.
///
/// The reading side calls ``add(_:)`` per page (it waits while `capacity` pages are
/// queued, and throws the writing side's failure), ``restart()`` when the search
/// starts over, then ``finish(_:state:)`` to commit, or ``abandon(_:)`` to roll back.
final class DirectoryStager: @unchecked Sendable {
    /// What the pages written so far held.
    struct Tally {
        var progress: DirectorySyncProgress
        /// The newest change time seen (LDAP generalized time), starting from the last sync's.
        var highWater: String?
        /// Entries that were not people for the profile.
        var skipped = 0
        /// Lower-cased attribute names seen, when asked to collect them (LDIF warnings).
        var attributes = Set<String>()
        /// The usernames read so far (lower-cased).
        var usernames = Set<String>()
        /// Usernames read again after their first entry (the last entry read is kept), in the order met.
        var repeated: [String] = []
    }

    /// What the reading side hands over.
    private enum Item {
        case entries([DirectoryEntry])
        case restart
        case end(DirectorySyncKind, state: @Sendable (Tally) -> DirectorySyncState)
        case failure(any Error)
    }

    private let profile: DirectoryProfile
    /// The usernames (lower-cased) of the opt-out group's members, when the profile marks
    /// opt-outs by a group: set before the first page, and handed to the index at the end so
    /// that people this sync did not read have their opt-out brought up to date too.
    var optOuts: Set<String>? {
        get { locked { memberOptOuts } }
        set { locked { memberOptOuts = newValue } }
    }
    // Guarded by `condition`.
    private var memberOptOuts: Set<String>?
    private let collectsAttributes: Bool
    private let report: @Sendable (DirectorySyncProgress) -> Void
    private let capacity = 4
    private let condition = NSCondition()
    private let initial: Tally
    // Guarded by `condition`.
    private var queue: [Item] = []
    private var tally: Tally
    private var outcome: Result<DirectorySyncReport, any Error>?

    /// Starts the writing thread.
    init(index: CampusDatabase, profile: DirectoryProfile, collectsAttributes: Bool, start: Tally,
         force: Bool, removalLimit: Double, now: Date, report: @escaping @Sendable (DirectorySyncProgress) -> Void) {
        self.profile = profile
        self.collectsAttributes = collectsAttributes
        self.report = report
        initial = start
        tally = start
        let thread = Thread { [self] in
            let result = Result { try index.directory.sync(force: force, removalLimit: removalLimit, now: now) { try next() } }
            locked {
                outcome = result
                queue.removeAll()
                condition.broadcast()
            }
        }
        thread.stackSize = 4 << 20
        thread.start()
    }

    /// Queues one page of entries; throws the writing side's failure.
    func add(_ entries: [DirectoryEntry]) throws {
        try put(.entries(entries))
    }

    /// Undoes everything written so far (a search starting over) and counts the restart.
    func restart() throws {
        try put(.restart)
    }

    /// Commits once every queued page is written; what the pages held comes with the report.
    ///
    /// - Parameters:
    ///   - kind: full (people not read are removed) or incremental.
    ///   - state: the source's state to store, made from the final tally.
    func finish(_ kind: DirectorySyncKind, state: @escaping @Sendable (Tally) -> DirectorySyncState) throws
        -> (report: DirectorySyncReport, tally: Tally) {
        try put(.end(kind, state: state))
        return try locked {
            while outcome == nil { condition.wait() }
            return (try outcome!.get(), tally)
        }
    }

    /// Rolls the sync back and waits until the writing thread is done with the index.
    func abandon(_ error: any Error) {
        locked {
            guard outcome == nil else { return }
            queue.append(.failure(error))
            condition.broadcast()
            while outcome == nil { condition.wait() }
        }
    }

    private func put(_ item: Item) throws {
        try locked {
            while queue.count >= capacity && outcome == nil { condition.wait() }
            if case .failure(let error)? = outcome { throw error }
            if outcome != nil { throw CampusError.failed("the directory sync ended before its read did") }
            queue.append(item)
            condition.broadcast()
        }
    }

    /// The next batch for the index, on the writing thread: waits for an item, maps entries to people.
    private func next() throws -> DirectoryBatch {
        let item = locked {
            while queue.isEmpty { condition.wait() }
            defer { condition.broadcast() }
            return queue.removeFirst()
        }
        switch item {
        case .entries(let entries):
            var (found, optOuts) = locked { (tally, memberOptOuts) }
            var people = map(entries, into: &found)
            if let optOuts {
                for index in people.indices where optOuts.contains(people[index].username.lowercased()) { people[index].suppressed = true }
            }
            found.progress.people += people.count
            found.progress.pages += 1
            locked { tally = found }
            report(found.progress)
            return .people(people)
        case .restart:
            let progress = locked {
                let restarts = tally.progress.restarts + 1
                tally = initial
                tally.progress.restarts = restarts
                return tally.progress
            }
            report(progress)
            return .restart
        case .end(let kind, let state):
            let (final, optOuts) = locked { (tally, memberOptOuts) }
            return .finish(kind, state: state(final), optOuts: optOuts)
        case .failure(let error):
            throw error
        }
    }

    private func map(_ entries: [DirectoryEntry], into found: inout Tally) -> [DirectoryPerson] {
        var people: [DirectoryPerson] = []
        people.reserveCapacity(entries.count)
        for entry in entries {
            if collectsAttributes { found.attributes.formUnion(entry.attributes.keys) }
            guard let person = profile.person(from: entry) else {
                found.skipped += 1
                continue
            }
            if let modified = person.modifiedAt, modified > (found.highWater ?? "") { found.highWater = modified }
            if !found.usernames.insert(person.username.lowercased()).inserted { found.repeated.append(person.username) }
            people.append(person)
        }
        return people
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
