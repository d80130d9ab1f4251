import GRDB

extension CampusIndexStore {
    /// Runs `body` in a read transaction, turning SQLite failures into ``IndexError``.
    func read<T>(_ operation: String, _ body: (Database) throws -> T) throws(IndexError) -> T {
        do {
            return try writer.read(body)
        } catch {
            throw Self.indexError(error, path: path, operation: operation)
        }
    }

    /// Runs `body` in one write transaction, rolled back entirely when it throws.
    func write<T>(_ operation: String, _ body: (Database) throws -> T) throws(IndexError) -> T {
        do {
            return try writer.write(body)
        } catch {
            throw Self.indexError(error, path: path, operation: operation)
        }
    }

    /// What a failure means for a person: a damaged file, an unopenable one, or a refused operation.
    static func indexError(_ error: any Error, path: String, operation: String) -> IndexError {
        if let error = error as? IndexError { return error }
        guard let error = error as? DatabaseError else {
            return .database(operation: operation, detail: "\(error)")
        }
        let detail = error.message ?? "\(error.resultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT:
            return .corrupt(path: path, detail: detail)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return .cannotOpen(path: path, detail: detail)
        default:
            return .database(operation: operation, detail: detail)
        }
    }
}
