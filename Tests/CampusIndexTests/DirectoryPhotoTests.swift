import CampusCore
import CampusIndex
import Foundation
import Testing

@Suite("Directory entries and photos")
struct DirectoryPhotoTests {
    let index: TemporaryIndex
    var store: CampusDatabase { index.store }

    init() throws {
        index = try TemporaryIndex()
        try store.syncDirectory(DirectoryFixtures.everyone, .full)
    }

    @Test("an entry reads back whole, without its photo, by username in any case")
    func entry() throws {
        var expected = DirectoryFixtures.valer
        expected.photo = nil
        #expect(try store.directoryPerson("VALER") == expected)
        #expect(try store.directoryPerson("nobody") == nil)
    }

    @Test("a photo reads back byte for byte; a newer entry without one drops it")
    func photos() throws {
        #expect(try store.directoryPhoto("valer") == DirectoryFixtures.valer.photo)
        #expect(try store.directoryPhoto("quinna") == nil)
        var valer = DirectoryFixtures.valer
        valer.photo = nil
        #expect(try store.syncDirectory([valer], .incremental).updated == 1)
        #expect(try store.directoryPhoto("valer") == nil)
    }

    @Test("a suppressed person's entry and photo are shown only when asked to include them")
    func suppressed() throws {
        #expect(try store.isSuppressed("alvarezj") && !store.isSuppressed("valer") && !store.isSuppressed("nobody"))
        #expect(try store.directoryPerson("alvarezj") == nil)
        #expect(try store.directoryPerson("alvarezj", includeSuppressed: true)?.displayName == "José Álvarez")
        #expect(try store.directoryPhoto("alvarezj") == nil)
        #expect(try store.directoryPhoto("alvarezj", includeSuppressed: true) == DirectoryFixtures.alvarez.photo)
    }

    @Test("whether a photo exists is known without reading it, and never for a suppressed person")
    func hasPhoto() throws {
        #expect(try store.hasDirectoryPhoto("VALER"))
        #expect(try !store.hasDirectoryPhoto("quinna"))
        #expect(try !store.hasDirectoryPhoto("nobody"))
        #expect(try !store.hasDirectoryPhoto("alvarezj"))
    }
}
