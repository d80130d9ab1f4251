import CampusCore
import CampusIndex
@testable import CampusLookup
import Foundation
import Testing

@Suite("Search, on the demo campus in memory")
struct SearchUseCaseTests {
    @Test("an exact username is the first match, its advisor named; the same read lists sections of the current term")
    func exactUsername() async throws {
        let campus = try await DemoIndex.campus()
        let answer = try campus.search("BRENNAM", term: nil, limit: 25, now: DemoIndex.now)
        #expect(answer.exactPerson?.username == "brennam")
        #expect(answer.exactPerson?.advisorName == "Dana Whitfield")
        let course = try campus.search("CSSE47", term: nil, limit: 25, now: DemoIndex.now)
        #expect(course.hits.allSatisfy { if case .section(_, let term) = $0 { term.rawValue == "202630" } else { false } })
        #expect(!course.hits.isEmpty)
    }

    @Test("a match's one-line detail leaves out what is withheld of the person, as the person itself does")
    func detailWithholds() async throws {
        let campus = try await DemoIndex.campus()
        let hit = try #require(try campus.search("brennam", term: nil, limit: 1, now: DemoIndex.now).hits.first)
        guard case .person(let person, _) = hit else { Issue.record("not a person: \(hit)"); return }
        let major = try #require(person.major)
        #expect(SearchMatchShape(hit).detail?.contains(major) == true)
        let withheld = SearchMatchShape(hit, withholding: [.major, .affiliation])
        #expect(withheld.detail?.contains(major) != true && withheld.detail?.contains(person.affiliation.rawValue) != true)
        #expect(SearchMatchShape(hit, withholding: [.major, .affiliation, .department]).detail == nil)
    }

    @Test("--term picks another term's sections; a term name is read with the stored term scheme")
    func otherTerm() async throws {
        let campus = try await DemoIndex.campus()
        let summer = try campus.search("CSSE", term: "summer 2026", limit: 50, now: DemoIndex.now)
        #expect(!summer.hits.isEmpty)
        #expect(summer.hits.allSatisfy { if case .section(_, let term) = $0 { term.rawValue == "202640" } else { true } })
        #expect(throws: CampusError.badTerm("spring")) { try campus.search("x", term: "spring", limit: 5, now: DemoIndex.now) }
        #expect(throws: CampusError.unknownTerm("202710", known: ["202640", "202630", "202620", "202610"])) {
            try campus.search("x", term: "202710", limit: 5, now: DemoIndex.now)
        }
    }

    @Test("suppressed people are found by nothing; a miss suggests close usernames")
    func suppressedAndMisses() async throws {
        let campus = try await DemoIndex.campus()
        #expect { try campus.search("ashbye", term: nil, limit: 25, now: DemoIndex.now) } throws: { error in
            guard case .noMatch(_, _, let suggestions) = error as? CampusError else { return false }
            return !suggestions.contains("ashbye") && suggestions.contains("ashbyc")
        }
        #expect { try campus.search("brenam", term: nil, limit: 25, now: DemoIndex.now) } throws: { error in
            guard case .noMatch(_, _, let suggestions) = error as? CampusError else { return false }
            return suggestions.first == "brennam"
        }
    }

    @Test("filters ask for people only: staff of a department, with no query")
    func filters() async throws {
        let campus = try await DemoIndex.campus()
        let staff = try campus.search("", term: nil, limit: 50, affiliation: .staff, now: DemoIndex.now)
        #expect(staff.hits.count == 11)
        #expect(staff.hits.allSatisfy { if case .person(let person, _) = $0 { person.affiliation == .staff } else { false } })
        let faculty = try campus.search("", term: nil, limit: 5, department: "comp science", affiliation: .faculty, now: DemoIndex.now)
        #expect(faculty.hits.count == 5)
    }

    @Test("an index synced only from a directory answers searches for people")
    func directoryOnly() async throws {
        let campus = CampusContext(
            index: try CampusDatabase.inMemory(), state: try SQLiteUserState.inMemory(),
            locator: ResourceLocator(environment: ["CAMPUS_HOME": TestCampus.packageRoot.path]))
        let ldif = TestCampus.packageRoot.appendingPathComponent("fixtures/directory.ldif").path
        _ = try await campus.syncDirectory(campus.directorySyncRequest(DirectorySyncOptions(ldif: ldif)), now: DemoIndex.now)
        let staff = try campus.search("kowalsa", term: nil, limit: 5, now: DemoIndex.now)
        #expect(staff.exactPerson?.name == "Ana Kowalski")
        let byName = try campus.search("robin vale", term: nil, limit: 5, now: DemoIndex.now)
        #expect(byName.hits.first.map { if case .person(let person, _) = $0 { person.username } else { "" } } == "valer")
        #expect(try campus.contact(of: "valer").card.person.office == "O204")
        #expect(throws: CampusError.noTerms) { try campus.schedule(of: "valer", term: nil, now: DemoIndex.now) }
    }
}
