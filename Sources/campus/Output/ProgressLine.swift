import Foundation

/// The text of a progress report: `[#####.....] 120/480 pages  8.1/s  ETA 0:44`.
struct ProgressLine: Hashable, Sendable {
    var done: Int
    var total: Int
    /// Time since the crawl started.
    var elapsed: Duration

    /// Pages per second so far.
    var rate: Double {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return seconds > 0 ? Double(done) / seconds : 0
    }

    /// The time left at the current rate; `nil` before there is a rate.
    var remaining: Duration? {
        guard rate > 0 else { return nil }
        return .seconds(Double(max(total - done, 0)) / rate)
    }

    /// `[#####.....]`, `width` cells filled in proportion to done/total.
    func bar(width: Int = 20) -> String {
        let filled = total > 0 ? min(width, done * width / total) : 0
        return "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
    }

    /// The bar, the counts, the rate and the time left.
    var text: String {
        "\(bar()) \(done)/\(total) pages  \(String(format: "%.1f", rate))/s  ETA \(remaining.map(Self.clock) ?? "--:--")"
    }

    /// `0:44`, `12:05`, `1:02:03`.
    static func clock(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds.clamped(to: 0...Int64(Int32.max)))
        let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let tail = String(format: "%02d", rest)
        return hours > 0 ? "\(hours):\(String(format: "%02d", minutes)):\(tail)" : "\(minutes):\(tail)"
    }
}

extension Comparable {
    fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
