import CampusLookup
import Foundation
import Synchronization

/// Shows a directory sync's progress on standard error: on a terminal, one line
/// rewritten in place (`[#####.....] 25,000/50,000 people  12,400/s`, the total
/// estimated from the last full sync); elsewhere nothing until the summary.
final class DirectoryProgressLine: Sendable {
    private let isTerminal = isatty(STDERR_FILENO) != 0
    private let started = ContinuousClock.now
    private let lastDrawn = Mutex<ContinuousClock.Instant?>(nil)

    /// Redraws the line, at most ten times a second.
    func update(_ progress: DirectorySyncProgress) {
        guard isTerminal else { return }
        let now = ContinuousClock.now
        let due = lastDrawn.withLock { last in
            guard last.map({ now - $0 >= .milliseconds(100) }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        FileHandle.standardError.write(Data("\r\(text(progress, now: now))\u{1B}[K".utf8))
    }

    /// Ends the line so the summary starts on a fresh one.
    func finish() {
        guard isTerminal, lastDrawn.withLock({ $0 != nil }) else { return }
        FileHandle.standardError.write(Data("\n".utf8))
    }

    private func text(_ progress: DirectorySyncProgress, now: ContinuousClock.Instant) -> String {
        let seconds = max(0.001, Double((now - started).components.seconds) + Double((now - started).components.attoseconds) / 1e18)
        let rate = "\(Int(Double(progress.people) / seconds).formatted())/s"
        let restarts = progress.restarts > 0 ? "  (restarted \(progress.restarts)x after a lost connection)" : ""
        guard let expected = progress.expected, expected > 0 else {
            return "\(progress.people.formatted()) people, \(progress.pages) pages  \(rate)\(restarts)"
        }
        let filled = min(20, progress.people * 20 / expected)
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: 20 - filled) + "]"
        return "\(bar) \(progress.people.formatted())/\(expected.formatted()) people  \(rate)\(restarts)"
    }
}
