import Foundation

/// A throw-away copy of part of the demo campus that a test may break:
/// the term list and one term's pages, in a fresh temporary directory.
struct ScratchCampus {
    let directory: URL

    /// Copies `terms.html` and the folder of `term`.
    init(term: String) throws {
        let files = FileManager.default
        directory = files.temporaryDirectory.appendingPathComponent("campus-crawl-\(UUID().uuidString)")
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        let demo = URL(fileURLWithPath: CrawlFixtures.demoCampus)
        try files.copyItem(at: demo.appendingPathComponent("terms.html"), to: directory.appendingPathComponent("terms.html"))
        try files.copyItem(at: demo.appendingPathComponent(term), to: directory.appendingPathComponent(term))
    }

    /// The path of `relative` inside the copy.
    func path(_ relative: String) -> String {
        directory.appendingPathComponent(relative).path
    }

    /// Replaces `relative` with the edge-case page `edgeCase` (`layout-changed.html`).
    func replace(_ relative: String, withEdgeCase edgeCase: String) throws {
        let source = CrawlFixtures.root.appendingPathComponent("fixtures/edge-cases/\(edgeCase)")
        try FileManager.default.removeItem(atPath: path(relative))
        try FileManager.default.copyItem(atPath: source.path, toPath: path(relative))
    }

    /// Deletes `relative` from the copy.
    func remove(_ relative: String) throws {
        try FileManager.default.removeItem(atPath: path(relative))
    }

    /// Deletes the whole copy.
    func delete() {
        try? FileManager.default.removeItem(at: directory)
    }
}
