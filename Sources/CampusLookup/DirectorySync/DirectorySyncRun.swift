import CampusCore
import CampusIndex
import Directory
import Foundation

/// One directory sync in progress: reads entries page by page, maps them with the
/// profile, stages them, and commits or discards.
struct DirectorySyncRun {
    let request: DirectorySyncRequest
    let store: CampusIndexStore
    let progress: @Sendable (DirectorySyncProgress) -> Void
    let previous: DirectorySyncState?
    var counts: DirectorySyncProgress
    var highWater: String?
    var skipped = 0
    var seenAttributes = Set<String>()
    var warnings: [String] = []

    /// How many times a search restarts from the beginning after a lost connection.
    static let restartLimit = 3

    init(request: DirectorySyncRequest, store: CampusIndexStore,
         progress: @escaping @Sendable (DirectorySyncProgress) -> Void) throws {
        self.request = request
        self.store = store
        self.progress = progress
        previous = try store.directorySyncState(source: request.location.sourceKey)
        highWater = previous?.highWater
        counts = DirectorySyncProgress(people: 0, pages: 0, restarts: 0, expected: previous?.entryCount)
    }

    /// Full unless an incremental sync is possible and was not refused.
    var kind: DirectorySyncKind {
        guard case .server = request.location, !request.full, request.profile.modified != nil,
              previous?.highWater != nil else { return .full }
        return .incremental
    }

    /// Reads, stages and commits; on any failure the staging is discarded and the error rethrown.
    mutating func perform(now: Date) throws -> DirectorySyncResult {
        let staging = try store.beginDirectoryStaging()
        do {
            var kind = self.kind
            switch request.location {
            case .server(let server, let credential, let base):
                let outcome = try readServer(server, credential: credential, base: base, into: staging)
                warnings += outcome.warnings
                if outcome.partial && kind == .full {
                    kind = .incremental
                    warnings.append("the directory's answer was partial, so this sync only added and updated people; "
                        + "nobody was removed. Raise the server's limits for the sync account, then run with --full.")
                }
            case .ldif(let path):
                try readLDIF(path, into: staging)
                warnings += attributesNeverSeen()
            }
            let state = DirectorySyncState(
                source: request.location.sourceKey, kind: request.location.sourceKind, lastSyncAt: now,
                highWater: highWater)
            let report = try staging.commit(kind, state: state, force: request.force, now: now)
            return DirectorySyncResult(report: report, warnings: warnings, skipped: skipped)
        } catch {
            try? staging.discard()
            throw error
        }
    }

    /// Maps and stages one page of entries.
    mutating func stage(_ entries: [DirectoryEntry], into staging: DirectoryStaging) throws {
        var people: [DirectoryPerson] = []
        people.reserveCapacity(entries.count)
        for entry in entries {
            seenAttributes.formUnion(entry.attributes.keys)
            guard let person = request.profile.person(from: entry) else {
                skipped += 1
                continue
            }
            if let modified = person.modifiedAt, modified > (highWater ?? "") { highWater = modified }
            people.append(person)
        }
        try staging.add(people)
        counts.people += people.count
        counts.pages += 1
        progress(counts)
    }

    private mutating func readLDIF(_ path: String, into staging: DirectoryStaging) throws {
        var batch: [DirectoryEntry] = []
        try LDIFReader.forEachEntry(inFile: path) { entry in
            batch.append(entry)
            if batch.count == request.pageSize {
                try stage(batch, into: staging)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try stage(batch, into: staging) }
    }

    /// One warning naming the fields for which no entry of the file had any attribute the profile maps.
    private func attributesNeverSeen() -> [String] {
        let missing = request.profile.fieldsMissing(includingChangeTime: false) { seenAttributes.contains($0.lowercased()) }
        guard !missing.isEmpty else { return [] }
        return ["no entry has the attributes the profile \(request.profile.name) maps for "
            + missing.joined(separator: ", ") + "; those fields stay empty"]
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
