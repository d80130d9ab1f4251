internal import CampusIndex
import CampusCore
internal import Directory
import Foundation

/// One directory sync: reads entries page by page into a ``DirectoryStager``
/// (which maps and stages them), then commits, or discards on any failure.
struct DirectorySyncRun {
    let request: DirectorySyncRequest
    let index: CampusDatabase
    let progress: @Sendable (DirectorySyncProgress) -> Void
    let previous: DirectorySyncState?
    var warnings: [String] = []

    init(request: DirectorySyncRequest, index: CampusDatabase,
         progress: @escaping @Sendable (DirectorySyncProgress) -> Void) throws {
        self.request = request
        self.index = index
        self.progress = progress
        previous = try index.directory.syncState(source: request.location.sourceKey)
    }

    /// Full unless an incremental sync is possible and was not refused.
    var kind: DirectorySyncKind {
        guard case .server = request.location, !request.full, request.profile.modified != nil,
              previous?.highWater != nil else { return .full }
        return .incremental
    }

    /// Reads and writes in one write transaction of the index; on any failure it is
    /// rolled back and the error rethrown.
    mutating func perform(now: Date) throws -> DirectorySyncResult {
        let isLDIF = if case .ldif = request.location { true } else { false }
        let stager = DirectoryStager(
            index: index, profile: request.profile, collectsAttributes: isLDIF,
            start: .init(progress: DirectorySyncProgress(people: 0, pages: 0, restarts: 0, expected: previous?.entryCount),
                         highWater: previous?.highWater),
            force: request.force, removalLimit: request.removalLimit, now: now, report: progress)
        do {
            var kind = self.kind
            switch request.location {
            case .server(let server, let credential, let base):
                let outcome = try readServer(server, credential: credential, base: base, into: stager)
                warnings += outcome.warnings
                if outcome.partial && kind == .full {
                    kind = .incremental
                    warnings.append("the directory's answer was partial, so this sync only added and updated people; "
                        + "nobody was removed. Raise the server's limits for the sync account, then run a full sync.")
                }
            case .ldif(let path, let filesUnder):
                try LDIFReader.forEachPage(inFile: path, filesUnder: filesUnder, pageSize: request.pageSize) { try stager.add($0) }
            }
            let location = request.location
            let (report, tally) = try stager.finish(kind) { tally in
                DirectorySyncState(source: location.sourceKey, kind: location.sourceKind, lastSyncAt: now, highWater: tally.highWater)
            }
            if isLDIF { warnings += attributesNeverSeen(tally.attributes) + nestedGroupsUnseen }
            warnings += Self.repeatedUsernames(tally.repeated)
            return DirectorySyncResult(report: report, warnings: warnings, skipped: tally.skipped)
        } catch {
            stager.abandon(error)
            throw error
        }
    }

    /// One warning naming the usernames that more than one entry held (the first few, and how many).
    static func repeatedUsernames(_ repeated: [String]) -> [String] {
        guard !repeated.isEmpty else { return [] }
        let names = Array(Set(repeated.map { $0.lowercased() })).sorted()
        let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
        return ["\(names.count) \(names.count == 1 ? "username is" : "usernames are") held by more than one entry (\(shown)); "
            + "the last entry read of each is kept. Fix the directory so each person has one entry."]
    }

    /// A file's entries say only whom the opt-out group holds directly (their `memberOf`).
    private var nestedGroupsUnseen: [String] {
        guard case .memberOf(let group) = request.profile.privacy else { return [] }
        return ["an export shows only the direct members of the opt-out group \(group) (each entry's memberOf): anyone in it "
            + "through a nested group is not suppressed by this sync. Sync from the server, which resolves nested groups"]
    }

    /// One warning naming the fields for which no entry of the file had any attribute the profile maps.
    private func attributesNeverSeen(_ seen: Set<String>) -> [String] {
        let missing = request.profile.fieldsMissing(includingChangeTime: false) { seen.contains($0.lowercased()) }
        guard !missing.isEmpty else { return [] }
        return ["no entry has the attributes the profile \(request.profile.name) maps for "
            + missing.joined(separator: ", ") + "; those fields stay empty"]
    }
}

extension LDIFReader {
    /// Calls `receive` with the file's entries, `pageSize` at a time.
    static func forEachPage(inFile path: String, filesUnder: URL?, pageSize: Int,
                            _ receive: ([DirectoryEntry]) throws -> Void) throws {
        var page: [DirectoryEntry] = []
        try forEachEntry(inFile: path, filesUnder: filesUnder) { entry in
            page.append(entry)
            if page.count == pageSize {
                try receive(page)
                page.removeAll(keepingCapacity: true)
            }
        }
        if !page.isEmpty { try receive(page) }
    }
}

extension DirectoryLocation {
    /// What the index records the source as.
    var sourceKind: DirectorySourceKind {
        switch self {
        case .server: .ldap
        case .ldif: .ldif
        }
    }
}
