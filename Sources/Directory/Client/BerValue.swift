internal import CLDAP
import Foundation

extension Data {
    /// The bytes a libldap `berval` points at (a copy; the berval keeps its memory).
    init(berval value: berval) {
        guard let bytes = value.bv_val, value.bv_len > 0 else {
            self.init()
            return
        }
        self.init(bytes: bytes, count: Int(value.bv_len))
    }
}

/// Calls `body` with a `berval` over a mutable copy of `bytes` (libldap
/// declares `char *` even where it only reads), NUL-terminated past its
/// length because some libldap parsers read to the NUL; the copy is zeroed
/// afterwards, so passwords do not linger in freed memory.
func withBerval<Result>(
    _ bytes: some Collection<UInt8>, _ body: (inout berval) throws -> Result
) rethrows -> Result {
    var copy = Array(bytes) + [0]
    defer {
        copy.withUnsafeMutableBytes { buffer in
            for index in buffer.indices { buffer[index] = 0 }
        }
    }
    return try copy.withUnsafeMutableBufferPointer { buffer in
        try buffer.withMemoryRebound(to: CChar.self) { chars in
            var value = berval(bv_len: ber_len_t(chars.count - 1), bv_val: chars.baseAddress)
            return try body(&value)
        }
    }
}

/// Takes a string libldap allocated, freeing it with `ldap_memfree`; `nil` stays `nil`.
func takeLDAPString(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
    guard let pointer else { return nil }
    defer { ldap_memfree(pointer) }
    return String(cString: pointer)
}
