import CampusCore
import Foundation

extension CampusContext {
    /// A warning for each file of this campus holding education records or what
    /// people keep (the index with its `-wal` and `-shm` files, the user-state
    /// store) that people other than its owner may read or change, with the
    /// command that fixes it. Files this version creates are private (`0600` in a
    /// `0700` folder); older versions and copies may have left them open.
    public func exposedFiles() -> [String] {
        let index = indexURL.path
        let files = [index, index + "-wal", index + "-shm"] + (state.file.map { [$0.path] } ?? [])
        return files.compactMap { path in
            guard let mode = OwnerOnlyFile.groupOrOtherAccess(path) else { return nil }
            return "\(path) holds student records, but people other than its owner may read or change it "
                + "(permissions \(OwnerOnlyFile.octal(mode))). Run: \(OwnerOnlyFile.chmodAdvice(path))"
        }
    }
}
