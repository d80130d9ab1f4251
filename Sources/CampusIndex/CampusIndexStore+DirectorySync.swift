import GRDB

extension CampusIndexStore {
    /// Starts a directory sync: empties the staging tables (what a killed sync left
    /// there is dropped) and returns the handle that stages and commits the new one.
    public func beginDirectoryStaging() throws(IndexError) -> DirectoryStaging {
        try write("begin a directory sync") { db in
            try DirectorySwap.clearStaging(db)
        }
        return DirectoryStaging(store: self)
    }

    /// Where the last good sync of `source` stopped; `nil` before its first commit.
    public func directorySyncState(source: String) throws(IndexError) -> DirectorySyncState? {
        try read("read the directory sync state of \(source)") { db in
            try DirectorySyncRecord.fetchOne(db, key: source)?.state
        }
    }

    /// The state of every directory source synced so far, most recently synced first.
    public func directorySyncStates() throws(IndexError) -> [DirectorySyncState] {
        try read("list the directory sync states") { db in
            try DirectorySyncRecord.order(Column("last_sync_at").desc, Column("source")).fetchAll(db).map(\.state)
        }
    }
}
