import Synchronization
import Testing

@testable import campus

@Suite("Progress reporting")
struct ProgressLineTests {
    @Test("the line shows the bar, the counts, the rate and the time left")
    func line() {
        let line = ProgressLine(done: 120, total: 480, elapsed: .seconds(15))
        #expect(line.text == "[#####...............] 120/480 pages  8.0/s  ETA 0:45")
    }

    @Test("before any page there is no rate and no estimate")
    func start() {
        let line = ProgressLine(done: 0, total: 10, elapsed: .zero)
        #expect(line.text == "[....................] 0/10 pages  0.0/s  ETA --:--")
    }

    @Test("long estimates show hours")
    func hours() {
        #expect(ProgressLine.clock(.seconds(3723)) == "1:02:03")
        #expect(ProgressLine.clock(.seconds(59)) == "0:59")
    }

    @Test("off a terminal, plain lines: the first page, every tenth of the way, the end")
    func plainLines() async {
        let lines = Mutex<[String]>([])
        let bar = TerminalProgressBar(isTerminal: false) { text in lines.withLock { $0.append(text) } }
        for done in 1...20 {
            await bar.update(done: done, total: 20, current: "term list")
        }
        await bar.finish(done: 20, total: 20)
        let written = lines.withLock { $0 }
        #expect(written.count == 12)
        #expect(written.allSatisfy { $0.hasSuffix("\n") && !$0.contains("\r") })
        #expect(written.last?.contains("20/20 pages") == true)
    }

    @Test("on a terminal, one line rewritten in place")
    func terminalLine() async {
        let lines = Mutex<[String]>([])
        let bar = TerminalProgressBar(isTerminal: true) { text in lines.withLock { $0.append(text) } }
        await bar.update(done: 1, total: 4, current: "term list")
        await bar.finish(done: 4, total: 4)
        let written = lines.withLock { $0 }
        #expect(written.first?.hasPrefix("\r[#####") == true)
        #expect(written.last?.hasSuffix("\n") == true)
        #expect(written.dropLast().allSatisfy { !$0.contains("\n") })
    }
}
