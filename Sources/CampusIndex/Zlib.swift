internal import CZlib

/// zlib's one-shot `compress2` / `uncompress`, for raw pages.
enum Zlib {
    /// Why bytes could not be compressed or restored.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// `bytes` deflated at the best compression level.
    static func compress(_ bytes: [UInt8]) throws(Failure) -> [UInt8] {
        var capacity = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(capacity))
        let code = output.withUnsafeMutableBufferPointer { out in
            bytes.withUnsafeBufferPointer { input in
                compress2(out.baseAddress, &capacity, input.baseAddress, uLong(input.count), Z_BEST_COMPRESSION)
            }
        }
        guard code == Z_OK else { throw Failure(description: "zlib compress2 failed with code \(code)") }
        return Array(output.prefix(Int(capacity)))
    }

    /// The `size` bytes that `compressed` inflates to.
    static func decompress(_ compressed: [UInt8], size: Int) throws(Failure) -> [UInt8] {
        guard size >= 0 else { throw Failure(description: "negative stored size \(size)") }
        var length = uLong(size)
        // uncompress needs a non-null destination even for an empty result.
        var output = [UInt8](repeating: 0, count: max(size, 1))
        let code = output.withUnsafeMutableBufferPointer { out in
            compressed.withUnsafeBufferPointer { input in
                uncompress(out.baseAddress, &length, input.baseAddress, uLong(input.count))
            }
        }
        guard code == Z_OK, Int(length) == size else {
            throw Failure(description: "zlib uncompress failed with code \(code) (\(length) of \(size) bytes)")
        }
        return Array(output.prefix(size))
    }
}
