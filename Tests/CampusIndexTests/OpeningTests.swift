import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Opening an index file")
struct OpeningTests {
    @Test("a fresh file gets its folders, the schema, and answers empty")
    func freshFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("deep/er/campus.sqlite")
        let store = try CampusIndexStore(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try store.terms().isEmpty)
        #expect(try store.search("anyone", term: nil, limit: 5).isEmpty)
    }

    @Test("re-opening an existing index keeps what it holds")
    func reopen() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("campus.sqlite")
        try CampusIndexStore(path: path).replaceTerm(Fixtures.springSnapshot, force: false, now: Fixtures.crawledAt)
        let reopened = try CampusIndexStore(path: path)
        #expect(try reopened.terms().map(\.term) == [Fixtures.spring])
        #expect(try reopened.person("quinna") == Fixtures.quinna)
    }

    @Test("garbage bytes at the path are reported as corrupt and left untouched")
    func garbageFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("campus.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect {
            try CampusIndexStore(path: path)
        } throws: { error in
            guard case let .corrupt(reported, _) = error as? IndexError else { return false }
            return reported == path && "\(error)".contains("move it away")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }
}
