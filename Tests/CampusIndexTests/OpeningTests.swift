import CampusCore
import CampusIndex
import Foundation
import GRDB
import Testing

@Suite("Opening an index file")
struct OpeningTests {
    @Test("a fresh file gets its folders, the schema, and answers empty")
    func freshFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("deep/er/campus.sqlite")
        let store = try CampusDatabase.open(path: path, access: .readWrite)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.termSummaries().isEmpty)
        #expect(try store.search("anyone", term: nil, limit: 5).isEmpty)
    }

    @Test("re-opening an existing index keeps what it holds")
    func reopen() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("campus.sqlite")
        try CampusDatabase.open(path: path, access: .readWrite).terms.replace(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let reopened = try CampusDatabase.open(path: path, access: .readWrite)
        #expect(try reopened.termSummaries().map(\.term) == [Fixtures.spring])
        #expect(try reopened.person("quinna") == Fixtures.quinna)
    }

    @Test("garbage bytes at the path are reported as corrupt and left untouched")
    func garbageFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("campus.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect {
            try CampusDatabase.open(path: path, access: .readWrite)
        } throws: { error in
            guard case let .corrupt(reported, _) = error as? IndexError else { return false }
            return reported == path && "\(error)".contains("left untouched")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    @Test("an index whose check stops on a damaged page (rather than list its problems) is marked damaged, so lookups refuse it too")
    func checkStoppedByDamage() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("campus.sqlite")
        do {
            let store = try CampusDatabase.open(path: path, access: .readWrite)
            try store.syncDirectory(DirectoryFixtures.everyone, .full)
            store.foldInWriteAheadLog()
        }
        let (root, pageSize) = try DatabaseQueue(path: path).read { db in
            (try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'directory_photos'") ?? 0,
             try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096)
        }
        #expect(root > 1)
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: UInt64((root - 1) * pageSize))
        try handle.write(contentsOf: Data(repeating: 0xFF, count: pageSize))
        try handle.close()
        #expect {
            try CampusDatabase.open(path: path, access: .readWrite)
        } throws: { error in
            guard case .corrupt(_, let detail) = error as? IndexError else { return false }
            return detail.contains("damaged")
        }
        #expect(FileManager.default.fileExists(atPath: path + ".damaged"))
        #expect {
            try CampusDatabase.open(path: path, access: .readOnly)
        } throws: { error in
            guard case .corrupt(_, let detail) = error as? IndexError else { return false }
            return detail.contains("damaged")
        }
    }
}
