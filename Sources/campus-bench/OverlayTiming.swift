/// Times a piece of in-process work many times after a warm-up, for the overlay and calendar goals.
enum OverlayTiming {
    /// Runs `work` on each input in turn (cycling), `warmUp` times untimed, then `iterations` times timed one by one.
    /// `work` returns the size of what it made; the sizes are checked to be non-zero, so the work cannot be dropped.
    static func samples<Input>(
        _ inputs: [Input], warmUp: Int, iterations: Int, _ work: (Input) throws -> Int
    ) rethrows -> DirectorySamples {
        precondition(!inputs.isEmpty, "nothing to time")
        var checksum = 0
        for index in 0..<warmUp { checksum &+= try work(inputs[index % inputs.count]) }
        let clock = ContinuousClock()
        var runs: [Double] = []
        runs.reserveCapacity(iterations)
        for index in 0..<iterations {
            let input = inputs[index % inputs.count]
            var size = 0
            let elapsed = try clock.measure { size = try work(input) }
            checksum &+= size
            runs.append(elapsed.seconds)
        }
        precondition(checksum != 0, "the timed work made nothing")
        return DirectorySamples(runs)
    }
}
