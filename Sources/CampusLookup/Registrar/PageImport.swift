internal import CampusIndex
import CampusCore
import Foundation
internal import Registrar

/// What `campus import` did with each file.
public struct ImportReport: Sendable {
    /// One page that was read.
    public struct Entry: Sendable {
        public var path: String
        public var kind: PageKind
        public var term: Term?
        public var sections: Int
        public var students: Int
    }

    /// A file that could not be imported, and why.
    public struct Failure: Sendable {
        public var path: String
        public var reason: String
    }

    public var entries: [Entry] = []
    public var failures: [Failure] = []
    public var warnings: [ScrapeWarning] = []
    /// The terms that received data, in order.
    public var terms: [Term] = []
}

extension CampusContext {
    /// Reads saved registrar pages and roster CSVs (files, or folders searched for
    /// `.html`, `.htm` and `.csv`) and merges what they say into the index.
    ///
    /// Every readable file is imported even when others fail; nothing the index
    /// already holds is removed. Raw pages are kept for `campus reparse`.
    public func importFiles(_ paths: [String], now: Date) throws(CampusError) -> ImportReport {
        let definition = try definition()
        let index = try writableIndex()
        defer { index.foldInWriteAheadLog() }
        return try lookingUp { try importFiles(paths, into: index, definition: definition, now: now) }
    }

    private func importFiles(
        _ paths: [String], into index: CampusDatabase, definition: RegistrarDefinition, now: Date
    ) throws -> ImportReport {
        let reader = PageReader(definition: definition)
        var report = ImportReport()
        var snapshots: [TermCode: TermSnapshot] = [:]
        var raw: [(source: String, term: TermCode?, bytes: [UInt8])] = []

        for path in try expandImportPaths(paths, report: &report) {
            let bytes: [UInt8]
            do {
                bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch {
                report.failures.append(.init(path: path, reason: "cannot be read (\(error.localizedDescription))"))
                continue
            }
            do {
                let page = try reader.read(bytes, source: path)
                report.entries.append(.init(path: path, kind: page.kind, term: page.term,
                                            sections: page.sections.count, students: page.roster.count))
                report.warnings += page.warnings
                raw.append((path, page.term?.code, bytes))
                guard let term = page.term else { continue }
                snapshots[term.code, default: TermSnapshot(term: term)].add(page)
            } catch {
                report.failures.append(.init(path: path, reason: "\(error)"))
            }
        }
        for snapshot in snapshots.values.sorted(by: { $0.term.code < $1.term.code }) {
            try index.terms.merge(snapshot, now: now)
            report.terms.append(snapshot.term)
        }
        for page in raw {
            try index.pages.store(source: page.source, term: page.term, bytes: page.bytes, now: now)
        }
        if !snapshots.isEmpty { try index.saveDescription(definition.campusDescription, now: now) }
        return report
    }

    /// Files named directly, and the pages inside named folders, sorted.
    private func expandImportPaths(_ paths: [String], report: inout ImportReport) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                report.failures.append(.init(path: path, reason: "no such file or folder"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            let enumerator = FileManager.default.enumerator(atPath: path)
            var found: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                let lowered = relative.lowercased()
                if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") || lowered.hasSuffix(".csv") {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
            files += found.sorted()
        }
        return files
    }
}
