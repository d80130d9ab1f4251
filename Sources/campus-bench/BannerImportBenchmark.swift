import CampusLookup
import Foundation

/// A Banner 9 term of `sections` distinct sections, made from the real answers by giving each
/// round's sections sequence numbers and CRNs of their own, saved as answers and imported
/// into a fresh index with `campus import --definition thompson-rivers` (the whole use case:
/// reading, the term's dates, the write, the raw answers kept).
struct BannerImportBenchmark {
    let answers: [URL]
    let sections: Int

    /// Seconds for the import, and the sections it wrote.
    func run() throws -> (seconds: Double, sections: Int) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("campus-bench-banner-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent("answers")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var written = 0, round = 0
        while written < sections {
            for answer in answers where written < sections {
                guard var object = try JSONSerialization.jsonObject(with: Data(contentsOf: answer)) as? [String: Any],
                      let data = object["data"] as? [[String: Any]] else { throw BenchmarkFailure("\(answer.path) is no searchResults answer") }
                let renamed = data.prefix(sections - written).map { entry -> [String: Any] in
                    var entry = entry
                    entry["sequenceNumber"] = "\(entry["sequenceNumber"] as? String ?? "")R\(round)"
                    entry["courseReferenceNumber"] = "\(round)\(entry["courseReferenceNumber"] as? String ?? "")"
                    return entry
                }
                object["data"] = renamed
                object["totalCount"] = renamed.count
                try JSONSerialization.data(withJSONObject: object).write(to: folder.appendingPathComponent("r\(round)-\(answer.lastPathComponent)"))
                written += renamed.count
            }
            round += 1
        }
        let environment = ["HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                           "XDG_DATA_HOME": home.appendingPathComponent("data").path]
        let campus = try CampusContext(indexOption: home.appendingPathComponent("index.sqlite").path,
                                       paths: CampusPaths(environment: environment))
        let door = CampusService(operating: campus)
        let timed = try Stopwatch.time { try door.importFiles([folder.path], definition: "thompson-rivers", as: .operator(), now: Date()) }
        guard timed.value.failures.isEmpty else { throw BenchmarkFailure("the import failed: \(timed.value.failures[0].reason)") }
        return (timed.seconds, timed.value.entries.map(\.sections).reduce(0, +))
    }
}
