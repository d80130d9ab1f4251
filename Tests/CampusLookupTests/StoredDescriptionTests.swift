import CampusCore
import CampusIndex
@testable import CampusLookup
import Foundation
import Testing

@Suite("The campus description, decoded once a generation of the index")
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
}
