import CampusCore
import CampusIndex
import Foundation
import Registrar

/// How `campus reparse` did on one term.
public struct ReparseOutcome: Sendable {
    public var term: Term
    public var pages: Int
    public var swap: TermSwapReport?
    public var failure: String?
    public var warnings: [ScrapeWarning]
}

extension CampusContext {
    /// `campus reparse`: rebuilds terms from the raw pages the index kept, without
    /// fetching anything (after a parser fix, or a change to the registrar definition).
    ///
    /// - Parameters:
    ///   - term: One term, or every term with kept pages.
    ///   - force: Accept a term whose section count falls by more than half.
    public func reparse(term choice: TermChoice?, force: Bool, now: Date) throws -> [ReparseOutcome] {
        let store = try openIndex()
        let only = try choice.map { try resolveTerm($0, in: store, now: now).code }
        let reader = self.reader
        var snapshots: [TermCode: TermSnapshot] = [:]
        var pageCounts: [TermCode: Int] = [:]
        var unreadable: [TermCode: [ScrapeWarning]] = [:]
        for source in try store.rawPageSources(term: only) {
            guard let raw = try store.rawPage(source: source), let code = raw.term else { continue }
            pageCounts[code, default: 0] += 1
            do {
                let page = try reader.read(raw.bytes, source: raw.source)
                guard let term = page.term else { continue }
                snapshots[term.code, default: TermSnapshot(term: term)].add(page)
            } catch {
                unreadable[code, default: []].append(ScrapeWarning(source: raw.source, message: "\(error)"))
            }
        }
        return snapshots.values.sorted { $0.term.code < $1.term.code }.map { snapshot in
            var outcome = ReparseOutcome(term: snapshot.term, pages: pageCounts[snapshot.term.code] ?? 0,
                                         warnings: snapshot.warnings + (unreadable[snapshot.term.code] ?? []))
            do {
                outcome.swap = try store.replaceTerm(snapshot, force: force, now: now)
            } catch {
                outcome.failure = "\(error)"
            }
            return outcome
        }
    }
}
