import CampusCore

/// `campus import FILE... --json`:
/// `{"imported": [{"file", "kind", "term", "sections", "students"}], "failed": [{"file", "reason"}], "warnings": [...]}`.
public struct ImportShape: Encodable, Sendable {
    /// A page read and merged.
    public struct Imported: Encodable, Sendable {
        public var file: String
        public var kind: String
        @Nullable public var term: String?
        public var sections: Int
        public var students: Int
    }

    /// A file not imported, and why.
    public struct Failed: Encodable, Sendable {
        public var file: String
        public var reason: String
    }

    public var imported: [Imported]
    public var failed: [Failed]
    public var warnings: [String]

    public init(_ report: ImportReport) {
        imported = report.entries.map {
            Imported(file: $0.path, kind: $0.kind.rawValue, term: $0.term?.code.rawValue, sections: $0.sections, students: $0.students)
        }
        failed = report.failures.map { Failed(file: $0.path, reason: $0.reason) }
        warnings = report.warnings.map(\.description)
    }
}
