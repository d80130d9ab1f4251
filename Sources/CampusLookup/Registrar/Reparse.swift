internal import CampusIndex
import CampusCore
import Foundation
internal import Registrar

/// How `campus reparse` did on one term.
public struct ReparseOutcome: Sendable {
    public var term: Term
    public var pages: Int
    public var result: TermResult
    public var warnings: [ScrapeWarning]
}

extension CampusContext {
    /// `campus reparse`: rebuilds terms from the raw pages the index kept, without
    /// fetching anything (after a parser fix, or a change to the registrar definition).
    ///
    /// - Parameters:
    ///   - term: One term, or every term with kept pages.
    ///   - force: Accept a term whose section count falls by more than half.
    func reparse(term text: String?, force: Bool, now: Date) throws(CampusError) -> [ReparseOutcome] {
        // Rebuilding reads what an index kept: it never makes one.
        guard FileManager.default.fileExists(atPath: indexURL.path) else { throw .indexMissing(path: indexURL.path) }
        let definition = try definition()
        let index = try writableIndex()
        defer { index.foldInWriteAheadLog() }
        return try lookingUp {
            let only = try text.map { text in try index.read { reader in try requireTerm(text, reader, now: now).code } }
            return try reparse(index, term: only, definition: definition, force: force, now: now)
        }
    }

    private func reparse(
        _ index: CampusDatabase, term only: TermCode?, definition: RegistrarDefinition, force: Bool, now: Date
    ) throws -> [ReparseOutcome] {
        let reader = PageReader(definition: definition)
        var snapshots: [TermCode: TermSnapshot] = [:]
        var pageCounts: [TermCode: Int] = [:]
        var unreadable: [TermCode: [ScrapeWarning]] = [:]
        for source in try index.pages.sources(term: only) {
            guard let raw = try index.pages.page(source: source), let code = raw.term else { continue }
            pageCounts[code, default: 0] += 1
            do {
                let page = try reader.read(raw.bytes, source: raw.source)
                guard let term = page.term else { continue }
                snapshots[term.code, default: TermSnapshot(term: term)].add(page)
            } catch {
                unreadable[code, default: []].append(ScrapeWarning(source: raw.source, message: "\(error)"))
            }
        }
        let outcomes = snapshots.values.sorted { $0.term.code < $1.term.code }.map { snapshot in
            let result: TermResult
            do {
                result = .replaced(try index.terms.replace(snapshot, force: force, recordingChanges: false, now: now))
            } catch {
                result = .kept(CampusError(error))
            }
            return ReparseOutcome(term: snapshot.term, pages: pageCounts[snapshot.term.code] ?? 0, result: result,
                                  warnings: snapshot.warnings + (unreadable[snapshot.term.code] ?? []))
        }
        if outcomes.contains(where: { $0.result.swap != nil }) {
            try index.saveDescription(definition.campusDescription, now: now)
        }
        return outcomes
    }
}
