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
    /// Reads saved registrar pages, Banner 9 answers and roster CSVs (files, or folders
    /// searched for `.html`, `.htm`, `.json` and `.csv`) and merges what they say into the index.
    ///
    /// Every readable file is imported even when others fail; nothing the index
    /// already holds is removed. Raw pages are kept for `campus reparse`.
    ///
    /// - Parameter definition: The school definition whose family reads the files, by name
    ///   (`northeastern`) or path; the campus's own (`registrar.definition`) when `nil`.
    func importFiles(_ paths: [String], definition name: String? = nil, now: Date) throws(CampusError) -> ImportReport {
        let school = try school(named: name)
        var read = try lookingUp { try readFiles(paths, reader: school.reader) }
        // Nothing readable: the index is not opened, let alone written.
        guard !read.raw.isEmpty else { return read.report }
        let index = try writableIndex()
        defer { index.foldInWriteAheadLog() }
        try lookingUp {
            try addExtracts(&read, index: index)
            for snapshot in read.snapshots.values.sorted(by: { $0.term.code < $1.term.code }) {
                try index.terms.merge(snapshot, now: now)
                read.report.terms.append(snapshot.term)
            }
            for page in read.raw {
                try index.pages.store(source: page.source, term: page.term, bytes: page.bytes, now: now)
            }
            if !read.snapshots.isEmpty {
                let stored = try index.read { reader in try reader.campusDescription() }
                let description = school.campusDescription.dating(Array(read.snapshots.values), kept: stored)
                try index.saveDescription(description, now: now)
            }
        }
        return read.report
    }

    /// What the files say, before anything is written: each term's snapshot, each page's bytes,
    /// and the enrollment extracts (whose sections are found once every page is read).
    private func readFiles(_ paths: [String], reader: PageReader) throws -> ReadFiles {
        var report = ImportReport()
        var extracts: [ParsedPage] = []
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
                if page.kind == .enrollmentExtract {
                    report.warnings += page.warnings
                    raw.append((path, nil, bytes))
                    extracts.append(page)
                    continue
                }
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
        return ReadFiles(report: report, snapshots: snapshots, raw: raw, extracts: extracts)
    }

    /// Adds each enrollment extract to the snapshots of its terms, its CRNs found among the
    /// sections read with it and those the index holds. An extract with a row whose section
    /// is not found, or of a term the index does not hold, is left out whole and reported.
    private func addExtracts(_ read: inout ReadFiles, index: CampusDatabase) throws {
        for extract in read.extracts {
            var rosters: [TermCode: [SectionID: [RosterEntry]]] = [:]
            var missing: [String] = []
            var terms: [TermCode: Term] = [:]
            for (code, rows) in Dictionary(grouping: extract.enrollments, by: \.term).sorted(by: { $0.key < $1.key }) {
                let pages = read.snapshots[code]
                let (held, byCRN, indexed) = try index.read { reader in
                    (try reader.heldTerms().first { $0.code == code }, try reader.sectionsByCRN(term: code),
                     try reader.heldSections(Set(rows.compactMap(\.section)), term: code))
                }
                guard let term = pages?.term ?? held else {
                    missing.append("term \(code) is not in the index: import or sync its sections first")
                    continue
                }
                terms[code] = term
                var crns = byCRN
                for section in pages?.sections.values.map(\.self) ?? [] { if let crn = section.crn { crns[crn] = section.id } }
                for row in rows {
                    let section = row.section.flatMap { indexed.contains($0) || pages?.sections[$0] != nil ? $0 : nil }
                        ?? row.crn.flatMap { crns[$0] }
                    guard let section else {
                        missing.append("line \(row.line): \(row.crn.map { "CRN \($0)" } ?? row.section?.rawValue ?? "") is no section of term \(code)")
                        continue
                    }
                    rosters[code, default: [:]][section, default: []].append(row.student)
                }
            }
            guard missing.isEmpty else {
                let more = missing.count > 3 ? " (and \(missing.count - 3) more)" : ""
                read.report.failures.append(.init(
                    path: extract.source,
                    reason: "not imported: " + missing.prefix(3).joined(separator: "; ") + more
                        + "; import the term's sections (saved pages or a sync) before its enrollment extract"))
                continue
            }
            for (code, sections) in rosters.sorted(by: { $0.key < $1.key }) {
                guard let term = terms[code] else { continue }
                read.snapshots[code, default: TermSnapshot(term: term)].addExtract(sections)
                read.report.entries.append(.init(path: extract.source, kind: .enrollmentExtract, term: term, sections: sections.count,
                                                 students: Set(sections.values.flatMap { $0.map(\.username) }).count))
            }
        }
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
                if [".html", ".htm", ".csv", ".json"].contains(where: lowered.hasSuffix) {
                    found.append((path as NSString).appendingPathComponent(relative))
                }
            }
            if found.isEmpty {
                report.failures.append(.init(path: path, reason: "the folder holds no saved pages (.html, .htm), Banner 9 answers (.json) or roster downloads (.csv)"))
            }
            files += found.sorted()
        }
        return files
    }
}

/// What `campus import` read from its files, before anything is written.
private struct ReadFiles {
    var report: ImportReport
    var snapshots: [TermCode: TermSnapshot]
    var raw: [(source: String, term: TermCode?, bytes: [UInt8])]
    var extracts: [ParsedPage]
}
