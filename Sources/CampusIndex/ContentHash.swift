/// FNV-1a 64-bit: a fast content hash to tell whether a page changed (not for security).
enum ContentHash {
    /// The hash of `bytes` as 16 lower-case hex digits.
    static func fnv1a64(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
