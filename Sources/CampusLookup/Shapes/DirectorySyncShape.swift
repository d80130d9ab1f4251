import CampusCore

/// `campus sync directory --json`:
/// `{"kind": "full", "source": "...", "added": 450, "updated": 0, "removed": 0, "unchanged": 0, "suppressed": 2,
/// "people": 452, "skipped": 0, "highWater": "20261122050000Z", "warnings": []}`.
public struct DirectorySyncShape: Encodable, Sendable {
    public var kind: String
    public var source: String
    public var added: Int
    public var updated: Int
    public var removed: Int
    public var unchanged: Int
    public var suppressed: Int
    public var people: Int
    public var skipped: Int
    @Nullable public var highWater: String?
    public var warnings: [String]

    public init(_ result: DirectorySyncResult) {
        let report = result.report
        kind = report.kind.rawValue
        source = report.state.source
        added = report.added
        updated = report.updated
        removed = report.removed
        unchanged = report.unchanged
        suppressed = report.suppressed
        people = report.state.entryCount
        skipped = result.skipped
        highWater = report.state.highWater
        warnings = result.warnings
    }
}
