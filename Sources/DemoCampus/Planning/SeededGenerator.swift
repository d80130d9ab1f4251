/// SplitMix64: a small, fast, seeded random number generator.
///
/// The demo campus draws every choice from one of these, so the same seed
/// always gives the same campus, byte for byte, on every platform.
/// Never replaced by `SystemRandomNumberGenerator`.
///
/// ```swift
/// var random = SeededGenerator(seed: 2026)
/// let hour = Int.random(in: 8...16, using: &random)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose whole sequence is fixed by `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A generator for one part of the campus, independent of how many
    /// numbers other parts drew (so adding a student does not reshuffle sections).
    func derived(_ salt: UInt64) -> SeededGenerator {
        var copy = SeededGenerator(seed: state ^ (salt &* 0xD6E8_FEB8_6659_FD93))
        _ = copy.next()
        return copy
    }

    /// One element of a non-empty array.
    mutating func pick<T>(_ items: [T]) -> T {
        items[Int.random(in: 0..<items.count, using: &self)]
    }

    /// True with probability `chance` (0...1).
    mutating func chance(_ chance: Double) -> Bool {
        Double.random(in: 0..<1, using: &self) < chance
    }
}
