import FuzzSupport
import Registrar

private let reader = PageReader(definition: FuzzFiles.definition)

/// One input as a saved registrar page: any bytes read to a page or a ``PageReadError``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPageReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? reader.read(Array(UnsafeBufferPointer(start: data, count: size)), source: "fuzz input")
    return 0
}
