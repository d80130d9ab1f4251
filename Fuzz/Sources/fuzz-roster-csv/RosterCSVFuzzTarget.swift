import FuzzSupport
@testable import Registrar

private let reader = RosterCSVReader(definition: FuzzFiles.definition, source: "fuzz input")

/// One input as a roster CSV download, read whether or not it starts like one:
/// a page or a ``PageReadError``.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRosterCSV(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    _ = reader.recognises(bytes)
    _ = try? reader.read(bytes)
    return 0
}
