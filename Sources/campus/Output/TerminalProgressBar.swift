import CampusCore
import Foundation
import Logging

/// Shows crawl progress on standard error: on a terminal, one line rewritten in
/// place (`[#####.....] 120/480 pages  8.1/s  ETA 0:44`); otherwise a plain
/// line every tenth of the way, so logs stay readable.
actor TerminalProgressBar: CrawlProgress {
    private let isTerminal: Bool
    private let write: @Sendable (String) -> Void
    private let logger: Logger
    private let clock = ContinuousClock()
    private var started: ContinuousClock.Instant?
    private var lastDrawn: ContinuousClock.Instant?
    private var lastTenth = -1

    /// - Parameters:
    ///   - isTerminal: Whether standard error is a terminal; by default, asks it.
    ///   - logger: Also receives a line when a term ends.
    ///   - write: Where the text goes; by default, standard error.
    init(
        isTerminal: Bool = isatty(STDERR_FILENO) != 0,
        logger: Logger = Logger(label: "campus.registrar.crawl"),
        write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }
    ) {
        self.isTerminal = isTerminal
        self.logger = logger
        self.write = write
    }

    func update(done: Int, total: Int, current: String) {
        let now = clock.now
        let start = started ?? now
        started = start
        let line = ProgressLine(done: done, total: total, elapsed: now - start)
        if isTerminal {
            guard lastDrawn.map({ now - $0 >= .milliseconds(100) }) ?? true || done == total else { return }
            lastDrawn = now
            write("\r\(line.text)  \(current)\u{1B}[K")
        } else {
            let tenth = total > 0 ? done * 10 / total : 0
            guard tenth > lastTenth else { return }
            lastTenth = tenth
            write("\(line.text)  (\(current))\n")
        }
    }

    func finish(done: Int, total: Int) {
        let elapsed = started.map { clock.now - $0 } ?? .zero
        let line = ProgressLine(done: done, total: total, elapsed: elapsed)
        write(isTerminal ? "\r\(line.text)\u{1B}[K\n" : "\(line.text)  finished\n")
        logger.info("Crawled \(done) of \(total) pages in \(ProgressLine.clock(elapsed))")
        started = nil
        lastDrawn = nil
        lastTenth = -1
    }
}
