import Registrar

/// One input as a saved Banner 9 answer: any bytes read to a page or a ``PageReadError``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBanner9Reader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? PageReader.banner9.read(Array(UnsafeBufferPointer(start: data, count: size)), source: "fuzz input")
    return 0
}
