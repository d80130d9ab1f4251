/// One element of DER-encoded data: its tag byte and where its content lies.
/// Enough of X.509's encoding to find a certificate's names, nothing more.
struct DERElement {
    /// The identifier octet (class, constructed bit, tag number below 31).
    let tag: UInt8
    /// The content octets' range in the enclosing buffer.
    let content: Range<Int>

    /// The elements laid end to end in `range` of `bytes`; stops at the first
    /// one that does not fit (so malformed input gives fewer elements, never a trap).
    static func children(of bytes: [UInt8], in range: Range<Int>) -> [DERElement] {
        var elements: [DERElement] = []
        var offset = range.lowerBound
        while offset + 2 <= range.upperBound {
            let tag = bytes[offset]
            var length = Int(bytes[offset + 1])
            var start = offset + 2
            if length & 0x80 != 0 {
                let count = length & 0x7F
                guard count > 0, count <= 4, start + count <= range.upperBound else { break }
                length = bytes[start..<start + count].reduce(0) { $0 << 8 | Int($1) }
                start += count
            }
            guard start + length <= range.upperBound else { break }
            elements.append(DERElement(tag: tag, content: start..<start + length))
            offset = start + length
        }
        return elements
    }
}
