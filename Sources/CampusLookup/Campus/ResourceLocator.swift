import Foundation

/// Finds the files campus ships beside its code: registrar definitions (`scrapers/`),
/// directory profiles (`directory-profiles/`), policies (`policies/`) and the bundled
/// demo campus (`fixtures/demo-campus/`).
///
/// Looks in `$CAMPUS_HOME`, then up from the executable's real path (a build inside
/// the source tree, `.build/debug/campus`), each folder on the way and its
/// `share/campus` (an install under a prefix: `PREFIX/bin/campus` finds
/// `PREFIX/share/campus`). The executable is found by its real path, never by the name
/// the shell passed (`campus`, found on `PATH`), and through any links to it.
public struct ResourceLocator: Sendable {
    /// Candidate roots, in order, each once.
    public let roots: [URL]

    public init(environment: [String: String] = ProcessEnvironment.values(["CAMPUS_HOME"]),
                executable: URL = ResourceLocator.runningExecutable) {
        var roots: [URL] = []
        if let home = environment["CAMPUS_HOME"], !home.isEmpty { roots.append(URL(fileURLWithPath: home).standardizedFileURL) }
        var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            roots.append(directory)
            roots.append(directory.appendingPathComponent("share/campus"))
            guard directory.path != "/" else { break }
            directory = directory.deletingLastPathComponent()
        }
        self.roots = roots.reduce(into: []) { kept, root in
            if !kept.contains(where: { $0.path == root.path }) { kept.append(root) }
        }
    }

    /// The running executable's own file: `/proc/self/exe` where the system has it (Linux),
    /// else the first argument made absolute.
    public static var runningExecutable: URL {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: CommandLine.arguments.first ?? ".").standardizedFileURL
    }

    /// The first `relativePath` that exists under a root.
    public func find(_ relativePath: String) throws(CampusError) -> URL {
        for root in roots {
            let candidate = root.appendingPathComponent(relativePath)
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
        }
        throw .resourceMissing(relativePath, searched: roots.map(\.path))
    }

    /// The registrar definition named `name` (`rose-hulman`), or the file at `name` when it is a path.
    public func definition(_ name: String) throws(CampusError) -> URL {
        try namedOrPath(name, folder: "scrapers")
    }

    /// `<folder>/<name>.yaml` under a root, or the file at `name` when it is a path.
    private func namedOrPath(_ name: String, folder: String) throws(CampusError) -> URL {
        if name.contains("/") || name.hasSuffix(".yaml") {
            let url = URL(fileURLWithPath: name)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw .resourceMissing(name, searched: [FileManager.default.currentDirectoryPath])
            }
            return url
        }
        return try find("\(folder)/\(name).yaml")
    }

    /// The directory profile named `name` (`openldap`, `ad`), or the file at `name` when it is a path.
    public func directoryProfile(_ name: String) throws(CampusError) -> URL {
        try namedOrPath(name, folder: "directory-profiles")
    }

    /// The policy named `name` (`ferpa-strict`, `reg-sched-compatible`), or the file at `name` when it is a path.
    public func policy(_ name: String) throws(CampusError) -> URL {
        try namedOrPath(name, folder: "policies")
    }

    /// The bundled demo campus's saved pages.
    public func demoCampus() throws(CampusError) -> URL {
        try find("fixtures/demo-campus")
    }
}

extension CampusContext {
    /// The OpenAPI document of `campus serve` (`api/openapi.json`), byte for byte.
    public func openAPIDocument() throws(CampusError) -> [UInt8] {
        let url = try locator.find("api/openapi.json")
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw .unreadableFile(path: url.path, detail: "it cannot be read")
        }
        return Array(data)
    }
}
