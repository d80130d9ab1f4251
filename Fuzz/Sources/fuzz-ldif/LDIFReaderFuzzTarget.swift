import Directory

/// One input as an LDIF file held in memory: every entry read, up to the end or a ``DirectoryError``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLDIFReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let reader = LDIFReader(contents: String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self),
                            name: "fuzz input")
    while (try? reader.next()) != nil {}
    return 0
}
