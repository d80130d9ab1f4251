import FuzzSupport
import Registrar

private let reader = FuzzFiles.school("thompson-rivers").reader

/// One input as a registrar's enrollment extract read with Thompson Rivers' column map (or,
/// when it does not start with the extract's header, as a Banner 9 answer): a page or a ``PageReadError``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEnrollmentExtract(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? reader.read(Array(UnsafeBufferPointer(start: data, count: size)), source: "fuzz input")
    return 0
}
