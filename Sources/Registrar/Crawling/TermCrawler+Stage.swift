import CampusCore

extension TermCrawler {
    /// Fetches and reads `lookups`, `concurrency` at a time, and returns their outcomes in order.
    ///
    /// - Throws: ``CrawlError/fetch(_:)`` on the first page that cannot be fetched
    ///   (missing pages are outcomes, not errors), ``CrawlError/cancelled``.
    func fetchAndRead(_ lookups: [Lookup], tally: inout CrawlTally) async throws(CrawlError) -> [PageOutcome] {
        tally.total += lookups.count
        var outcomes = [PageOutcome?](repeating: nil, count: lookups.count)
        do {
            try await withThrowingTaskGroup(of: (Int, PageOutcome).self) { group in
                var next = 0
                func startNext() {
                    guard next < lookups.count else { return }
                    let index = next
                    group.addTask { (index, try await self.outcome(of: lookups[index])) }
                    next += 1
                }
                for _ in 0..<concurrency { startNext() }
                while let (index, outcome) = try await group.next() {
                    outcomes[index] = outcome
                    tally.done += 1
                    await progress?.update(done: tally.done, total: tally.total, current: "\(lookups[index])")
                    startNext()
                }
            }
        } catch let error as FetchError {
            throw error == .cancelled ? .cancelled : .fetch(error)
        } catch {
            throw .cancelled
        }
        return outcomes.compactMap(\.self)
    }

    /// Fetches one page and reads it.
    private func outcome(of lookup: Lookup) async throws(FetchError) -> PageOutcome {
        let page: FetchedPage
        do {
            page = try await source.fetch(lookup)
        } catch {
            if case .pageMissing(_, let location) = error { return .missing(lookup, location: location) }
            throw error
        }
        do {
            return .read(page, try reader.read(page.bytes, source: page.source))
        } catch {
            return .unreadable(page, error)
        }
    }
}
