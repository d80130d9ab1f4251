import Foundation

/// A file a person named for reading (a saved page, a roster CSV, a calendar of busy time):
/// read whole, once it is known to be a regular file of a sensible size, with what went wrong
/// said in plain words rather than as a Foundation error number.
struct InputFile {
    /// The most a named file may hold: far more than any registrar page, roster or calendar.
    static let maximumBytes = 64 << 20

    let path: String

    /// The file's bytes.
    ///
    /// - Throws: ``Problem`` saying why not: no path, no such file, a folder, a pipe or a
    ///   device (which may never end), too large, or not readable by this user.
    func bytes() throws(Problem) -> [UInt8] {
        guard !path.isEmpty else { throw .init("no file named (the path is empty)") }
        // A symbolic link is read as the file it names.
        if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path), !FileManager.default.fileExists(atPath: path) {
            throw .init("it is a link to \(destination), which does not exist")
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: target)
        } catch {
            throw .init(FileManager.default.fileExists(atPath: target) ? "it cannot be looked at (check the folders' permissions)" : "no such file")
        }
        switch attributes[.type] as? FileAttributeType {
        case .typeRegular?: break
        case .typeDirectory?: throw .init("it is a folder: name a file in it")
        default: throw .init("it is not a regular file (a pipe, a socket or a device)")
        }
        let size = (attributes[.size] as? Int) ?? 0
        guard size <= Self.maximumBytes else {
            throw .init("it holds \(size >> 20) MiB, more than the \(Self.maximumBytes >> 20) MiB any registrar page or calendar would")
        }
        guard FileManager.default.isReadableFile(atPath: target) else { throw .init("this user may not read it (check its permissions)") }
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: target)))
        } catch {
            throw .init("it could not be read to its end")
        }
    }

    /// Why a named file could not be read.
    struct Problem: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }
}
