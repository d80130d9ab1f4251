import Registrar

/// One input as a saved Banner 8 page: any bytes read to a page or a ``PageReadError``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBanner8Reader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? PageReader.banner8.read(Array(UnsafeBufferPointer(start: data, count: size)), source: "fuzz input")
    return 0
}
