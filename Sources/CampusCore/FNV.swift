/// FNV-1a, 64 bits: a fast, stable hash for validators, identifiers and telling whether
/// content changed (not a secret, not for security).
public enum FNV {
    /// The hash of `bytes` as 16 lower-case hexadecimal digits.
    public static func hex(bytes: some Sequence<UInt8>) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return String(hash, radix: 16).leftPadded(to: 16)
    }

    /// The hash of `text`'s UTF-8 bytes.
    public static func hex(_ text: String) -> String {
        hex(bytes: text.utf8)
    }
}
