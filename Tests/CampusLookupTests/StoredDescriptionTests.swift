import CampusCore
import CampusIndex
@testable import CampusLookup
import Foundation
import Testing

@Suite("What is made from the index once a state of it: the campus description")
struct StoredDescriptionTests {
    let now = Date(timeIntervalSince1970: 1_773_666_000)

    @Test("a description stored after one was read is the one the next read gets")
    func followsWrites() throws {
        let index = try CampusDatabase.inMemory()
        let context = CampusContext(index: index, state: try SQLiteUserState.inMemory(), definition: try TestCampus.definition())
        var description = try TestCampus.definition().campusDescription
        description.name = "First Institute"
        try index.saveDescription(description, now: now)
        #expect(try context.read { try context.campusDescription($0).name } == "First Institute")
        #expect(try context.read { try context.campusDescription($0).name } == "First Institute")

        description.name = "Second Institute"
        try index.saveDescription(description, now: now)
        #expect(try context.read { try context.campusDescription($0).name } == "Second Institute")
    }

    @Test("an index without a stored description reads the definition file's, and then the one stored")
    func definitionUntilStored() throws {
        let index = try CampusDatabase.inMemory()
        let definition = try TestCampus.definition()
        let context = CampusContext(index: index, state: try SQLiteUserState.inMemory(), definition: definition)
        #expect(try context.read { try context.campusDescription($0) } == definition.campusDescription)

        var description = definition.campusDescription
        description.name = "Stored Institute"
        try index.saveDescription(description, now: now)
        #expect(try context.read { try context.campusDescription($0).name } == "Stored Institute")
    }

    @Test("two indexes at the same generation have unequal stamps: what was made from one is not served for the other")
    func indexesApart() throws {
        let first = try CampusDatabase.inMemory()
        let second = try CampusDatabase.inMemory()
        #expect(try first.read { try $0.version().generation } == second.read { try $0.version().generation })
        let stamps = (try first.read { try $0.stamp() }, try second.read { try $0.stamp() })
        #expect(stamps.0 != stamps.1)
        #expect(try first.read { try $0.stamp() } == stamps.0)

        let cache = GenerationCache<CampusWide, String>()
        #expect(try cache.value(.description, at: stamps.0) { "first" } == "first")
        #expect(try cache.value(.description, at: stamps.1) { "second" } == "second")
        #expect(try cache.value(.description, at: stamps.1) { "made again" } == "second")
    }
}
