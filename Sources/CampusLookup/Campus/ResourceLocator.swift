import Foundation

/// Finds the files campus ships beside its code: registrar definitions (`scrapers/`),
/// directory profiles (`directory-profiles/`), policies (`policies/`) and the bundled
/// demo campus (`fixtures/demo-campus/`).
///
/// Looks in `$CAMPUS_HOME`, then up from the executable (a build inside the
/// source tree), then in `<prefix>/share/campus` next to an installed binary.
public struct ResourceLocator: Sendable {
    /// Candidate roots, in order.
    public let roots: [URL]

    public init(environment: [String: String] = ProcessEnvironment.values(["CAMPUS_HOME"]),
                executable: URL = URL(fileURLWithPath: CommandLine.arguments.first ?? ".")) {
        var roots: [URL] = []
        if let home = environment["CAMPUS_HOME"], !home.isEmpty { roots.append(URL(fileURLWithPath: home)) }
        var directory = executable.resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            roots.append(directory)
            roots.append(directory.appendingPathComponent("share/campus"))
            directory = directory.deletingLastPathComponent()
        }
        self.roots = roots
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
