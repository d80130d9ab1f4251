import Dispatch
import Foundation

/// Runs a clean-up when the benchmark is interrupted (SIGINT, SIGTERM), then exits:
/// slapd runs in a session of its own, so Ctrl-C would otherwise leave it behind.
final class DirectoryInterruption {
    private let sources: [any DispatchSourceSignal]

    /// Watches for the signals until ``cancel()``; `cleanUp` runs on a queue of its own.
    init(cleanUp: @escaping @Sendable () -> Void) {
        sources = [SIGINT, SIGTERM].map { signalNumber in
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                cleanUp()
                exit(128 + signalNumber)
            }
            source.resume()
            return source
        }
    }

    /// Stops watching; the signals' default actions return.
    func cancel() {
        for source in sources { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }
}
