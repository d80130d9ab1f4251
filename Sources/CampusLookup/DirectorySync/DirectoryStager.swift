internal import CampusIndex
import CampusCore
internal import Directory
import Foundation

/// Maps pages of directory entries to people and writes them into a staging area,
/// on a thread of its own, so that reading the next page from the server overlaps
/// mapping and writing the last one.
///
/// ``add(_:)`` queues a page (waiting while `capacity` pages are queued) and throws
/// the first mapping or write error; ``discard()`` and ``commit(_:state:force:now:)``
/// first wait until every queued page is written. ``stop()`` ends the thread.
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
    }

    private let staging: DirectoryStaging
    private let profile: DirectoryProfile
    private let collectsAttributes: Bool
    private let report: @Sendable (DirectorySyncProgress) -> Void
    private let capacity = 4
    private let condition = NSCondition()
    private let initial: Tally
    // Guarded by `condition`.
    private var queue: [[DirectoryEntry]] = []
    private var busy = false
    private var failure: (any Error)?
    private var stopped = false
    private var tally: Tally

    init(staging: DirectoryStaging, profile: DirectoryProfile, collectsAttributes: Bool, start: Tally,
         report: @escaping @Sendable (DirectorySyncProgress) -> Void) {
        self.staging = staging
        self.profile = profile
        self.collectsAttributes = collectsAttributes
        self.report = report
        initial = start
        tally = start
        Thread { [self] in run() }.start()
    }

    /// Queues one page of entries; throws the error of an earlier page.
    func add(_ entries: [DirectoryEntry]) throws {
        try locked {
            while queue.count >= capacity && failure == nil { condition.wait() }
            if let failure { throw failure }
            queue.append(entries)
            condition.broadcast()
        }
    }

    /// Drops everything staged so far (a search restarting from the start) and counts the restart.
    func discard() throws {
        try drain()
        try staging.discard()
        let progress = locked {
            let restarts = tally.progress.restarts + 1
            tally = initial
            tally.progress.restarts = restarts
            return tally.progress
        }
        report(progress)
    }

    /// Swaps the staged people in, once every queued page is written.
    func commit(_ kind: DirectorySyncKind, state: DirectorySyncState, force: Bool, now: Date) throws -> DirectorySyncReport {
        try drain()
        return try staging.commit(kind, state: state, force: force, now: now)
    }

    /// What the pages written so far held, once they are all written.
    func finalTally() throws -> Tally {
        try drain()
        return locked { tally }
    }

    /// Ends the thread, dropping pages not yet written; returns once a page being
    /// written is done, so nothing touches the index after the sync returns.
    func stop() {
        locked {
            stopped = true
            queue.removeAll()
            condition.broadcast()
            while busy { condition.wait() }
        }
    }

    private func drain() throws {
        try locked {
            while (!queue.isEmpty || busy) && failure == nil { condition.wait() }
            if let failure { throw failure }
        }
    }

    private func run() {
        while let page = next() {
            var found = locked { tally }
            do {
                let people = map(page, into: &found)
                try staging.add(people)
                found.progress.people += people.count
                found.progress.pages += 1
                locked { tally = found; busy = false; condition.broadcast() }
                report(found.progress)
            } catch {
                locked { failure = error; busy = false; condition.broadcast() }
            }
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
            people.append(person)
        }
        return people
    }

    /// The next page to write, waiting for one; nil once stopped or failed.
    private func next() -> [DirectoryEntry]? {
        locked {
            while queue.isEmpty && !stopped && failure == nil { condition.wait() }
            guard !stopped, failure == nil else { return nil }
            busy = true
            return queue.removeFirst()
        }
    }

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        condition.lock()
        defer { condition.unlock() }
        return try body()
    }
}
