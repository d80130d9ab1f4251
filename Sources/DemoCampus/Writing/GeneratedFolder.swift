import Foundation

/// A folder of generated answers a writer owns: replaced whole when it already holds that
/// writer's output (its `marker` file), refused when it holds anything else.
struct GeneratedFolder {
    let directory: URL
    /// The file every folder of this writer holds.
    let marker: String

    /// Empties the folder for a new run, or refuses a folder of other files.
    func prepare() throws(DemoCampusError) {
        let files = FileManager.default
        guard let contents = try? files.contentsOfDirectory(atPath: directory.path), !contents.isEmpty else { return }
        guard contents.contains(marker) else {
            throw DemoCampusError(message: "\(directory.path) holds files but no \(marker), so it is not a folder of generated "
                + "answers; choose a new or empty directory for them")
        }
        do {
            try files.removeItem(at: directory)
        } catch {
            throw DemoCampusError(message: "cannot replace \(directory.path): \(error.localizedDescription)")
        }
    }

    /// Writes `data` to `name` below the folder, making folders on the way.
    func save(_ data: Data, as name: String) throws(DemoCampusError) {
        let url = directory.appendingPathComponent(name)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            throw DemoCampusError(message: "cannot write \(url.path): \(error.localizedDescription)")
        }
    }
}
