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
        var read = try lookingUp { try readFiles(paths, reader: PageReader(definition: definition)) }
        // Nothing readable: the index is not opened, let alone written.
        guard !read.raw.isEmpty else { return read.report }
        let index = try writableIndex()
        defer { index.foldInWriteAheadLog() }
        try lookingUp {
            for snapshot in read.snapshots.values.sorted(by: { $0.term.code < $1.term.code }) {
                try index.terms.merge(snapshot, now: now)
                read.report.terms.append(snapshot.term)
            }
            for page in read.raw {
                try index.pages.store(source: page.source, term: page.term, bytes: page.bytes, now: now)
            }
            if !read.snapshots.isEmpty { try index.saveDescription(definition.campusDescription, now: now) }
        }
        return read.report
    }

    /// What the files say, before anything is written: each term's snapshot and each page's bytes.
    private func readFiles(
        _ paths: [String], reader: PageReader
    ) throws -> (report: ImportReport, snapshots: [TermCode: TermSnapshot], raw: [(source: String, term: TermCode?, bytes: [UInt8])]) {
        var report = ImportReport()
        var snapshots: [TermCode: TermSnapshot] = [:]
        var raw: [(source: String, term: TermCode?, bytes: [UInt8])] = []

        for path in try expandImportPaths(paths, report: &report) {
            let bytes: [UInt8]
            do {
                bytes = try InputFile(path: path).bytes()
            } catch {
                report.failures.append(.init(path: path, reason: "cannot be read: \(error.description)"))
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
        return (report, snapshots, raw)
    }

    /// Files named directly, and the pages inside named folders, sorted.
    private func expandImportPaths(_ paths: [String], report: inout ImportReport) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard !path.isEmpty, FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                report.failures.append(.init(path: path, reason: path.isEmpty ? "an empty path names no file or folder" : "no such file or folder"))
                continue
            }
            guard isDirectory.boolValue else {
                files.append(path)
                continue
            }
            // A folder named through a symbolic link is searched as the folder it names.
            let folder = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            let enumerator = FileManager.default.enumerator(atPath: folder)
            var found: [String] = []
            while let relative = enumerator?.nextObject() as? String {
                let lowered = relative.lowercased()
                if lowered.hasSuffix(".html") || lowered.hasSuffix(".htm") || lowered.hasSuffix(".csv") {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
            if found.isEmpty {
                report.failures.append(.init(path: path, reason: "the folder holds no saved pages (.html, .htm) or roster downloads (.csv)"))
            }
            files += found.sorted()
        }
        return files
    }
}
