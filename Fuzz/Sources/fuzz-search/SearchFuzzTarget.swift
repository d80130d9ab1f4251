import CampusCore
import CampusLookup

/// One input as the search box and its filters, `QUERY[\nDEPARTMENT[\nAFFILIATION]]`, searched in the
/// demo campus: hits, or no match (with suggestions); any other error means the query reached SQL or
/// FTS5 as syntax, and stops the fuzzer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSearch(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let department = parts.count > 1 ? parts[1] : nil
    let affiliation = parts.count > 2 ? Affiliation(rawValue: parts[2]) : nil
    do {
        _ = try SearchCampus.door.search(
            parts[0], kinds: [], term: nil, limit: 10, department: department, affiliation: affiliation, as: .operator(),
            now: SearchCampus.now)
    } catch {
        guard case .noMatch = error else { fatalError("searching \(text.debugDescription) failed: \(error)") }
    }
    return 0
}
