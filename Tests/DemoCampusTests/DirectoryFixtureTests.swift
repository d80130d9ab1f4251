import CampusCore
import DemoCampus
import Foundation
import Testing

/// `DirectoryFixture`: the committed `fixtures/directory.ldif` and what it holds.
@Suite struct DirectoryFixtureTests {
    static let committed = CommittedFixturesTests.committed
        .deletingLastPathComponent().appendingPathComponent("directory.ldif")
    static let demo = DirectoryFixture.demo()
    static let entries = LDIFTestEntry.parse(demo)
    static let byUsername = Dictionary(uniqueKeysWithValues: entries.map { ($0.texts("uid")[0], $0) })

    @Test func regeneratingGivesTheCommittedFileByteForByte() throws {
        let committed = try Data(contentsOf: Self.committed)
        #expect(committed == Data(Self.demo.utf8),
                "regenerate with: swift run campus-fixtures directory --output fixtures/directory.ldif")
    }

    @Test func everyEntryIsAPersonUnderPeopleWithItsOwnAddress() {
        #expect(Self.entries.count == Self.byUsername.count)
        #expect(Self.entries.count > 480)
        for entry in Self.entries {
            let username = entry.texts("uid")[0]
            #expect(entry.dn == "uid=\(username),ou=People,dc=rose-hulman,dc=edu")
            #expect(entry.texts("objectClass") == ["top", "person", "organizationalPerson", "inetOrgPerson", "eduPerson", "campusPerson"])
            #expect(entry.texts("mail").first == "\(username)@rose-hulman.edu")
            #expect(entry.texts("eduPersonPrimaryAffiliation").count == 1)
        }
    }

    @Test func everyAdvisorIsAnEntry() {
        let dns = Set(Self.entries.map(\.dn))
        let advisors = Self.entries.flatMap { $0.texts("campusAdvisor") }
        #expect(advisors.count > 400)
        #expect(advisors.filter { !dns.contains($0) }.isEmpty)
    }

    @Test func theSuppressedAreThereAndFlaggedAndNoOneElseIs() throws {
        #expect(DirectoryFixture.suppressedUsernames.count == 2)
        #expect(DirectoryFixture.suppressedUsernames.contains("holtq"))
        let flagged = Self.entries.filter { $0.texts("campusPrivacy") == ["suppress"] }.map { $0.texts("uid")[0] }
        #expect(flagged.sorted() == DirectoryFixture.suppressedUsernames.sorted())

        let campus = CampusGenerator.generate(.demo)
        let spring = try #require(campus.snapshot(for: TermCode("202630")!))
        let sections = { (username: String) in Set(spring.enrollments.filter { $0.username == username }.map(\.section)) }
        let classmate = DirectoryFixture.suppressedUsernames[0]
        #expect(!sections(classmate).isDisjoint(with: sections(campus.examples.student)))
    }

    @Test func photosAreJPEGs() {
        let photos = Self.entries.flatMap { $0.bytes("jpegPhoto") }
        #expect(photos.count >= 5)
        for photo in photos {
            #expect(photo.prefix(2) == [0xFF, 0xD8])
            #expect(photo.suffix(2) == [0xFF, 0xD9])
        }
        #expect(Self.byUsername["whitfid"]?.bytes("jpegPhoto").count == 1)
    }

    @Test func theDemoPeopleAgreeWithTheirPages() throws {
        let campus = CampusGenerator.generate(.demo)
        for person in campus.faculty + campus.students {
            let entry = try #require(Self.byUsername[person.username])
            #expect(entry.texts("cn") == [person.name ?? ""])
            if person.affiliation == .faculty {
                #expect(entry.texts("ou") == [person.department ?? ""])
                #expect(entry.texts("telephoneNumber").count == 1)
                if let phone = person.phone { #expect(entry.texts("telephoneNumber") == [phone]) }
                if let office = person.office { #expect(entry.texts("roomNumber") == [office]) }
            } else {
                #expect(entry.texts("campusMajor") == [person.major ?? ""])
                #expect(entry.texts("campusAdvisor") == ["uid=\(person.advisorUsername ?? ""),ou=People,dc=rose-hulman,dc=edu"])
            }
        }
        #expect(Self.byUsername["brennam"]?.texts("campusClassYear") == ["2027"])
    }

    @Test func theRegistrarSamplePeopleHaveWhatTheSamplesLeaveBlank() throws {
        let vale = try #require(Self.byUsername["valer"])
        #expect(vale.texts("cn") == ["Robin Vale"])
        #expect(vale.texts("ou") == ["Comp Science and Software Eng"])
        #expect(vale.texts("roomNumber") == ["O204"])
        #expect(vale.texts("telephoneNumber") == ["812-877-8411"])
        #expect(vale.texts("mail") == ["valer@rose-hulman.edu", "robin.vale@rose-hulman.edu"])
        #expect(!vale.texts("title").isEmpty && !vale.texts("campusMailbox").isEmpty)
        let quinn = try #require(Self.byUsername["quinna"])
        #expect(quinn.texts("cn") == ["Alex Quinn"])
        #expect(quinn.texts("campusAdvisor") == [vale.dn])
        for username in ["mercerj", "doyler", "jansses", "valer1", "quinna1", "ashbyc", "strandv"] {
            #expect(Self.byUsername[username] != nil, "\(username)")
        }
    }

    @Test func staffAccentsSecondAddressesAndLongValuesAreThere() throws {
        let staff = Self.entries.filter { $0.texts("eduPersonPrimaryAffiliation") == ["staff"] }
        #expect(staff.count >= 10)
        #expect(Self.byUsername["nunezj"]?.texts("cn") == ["José Núñez"])
        #expect(Self.demo.contains("cn:: "))
        #expect(Self.entries.filter { $0.texts("mail").count > 1 }.count >= 4)
        let lines = Self.demo.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.utf8.count <= 76 })
        #expect(lines.contains { $0.hasPrefix(" ") && !$0.hasPrefix("  ") && $0.count > 20 })
        #expect(Self.demo.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test func aScaleDirectoryHasTheAskedPeopleAndTheSameBytesForTheSameSeed() {
        let text = DirectoryFixture.scale(people: 250, seed: 7)
        #expect(text == DirectoryFixture.scale(people: 250, seed: 7))
        #expect(text != DirectoryFixture.scale(people: 250, seed: 8))
        let entries = LDIFTestEntry.parse(text)
        #expect(entries.map { $0.texts("uid")[0] } == (1...250).map { String(format: "u%06d", $0) })
        let dns = Set(entries.map(\.dn))
        #expect(entries.flatMap { $0.texts("campusAdvisor") }.allSatisfy(dns.contains))
        #expect(entries.filter { !$0.bytes("jpegPhoto").isEmpty }.map { $0.texts("uid")[0] } == ["u000050", "u000150", "u000250"])
        let students = entries.filter { $0.texts("eduPersonPrimaryAffiliation") == ["student"] }
        #expect(Set(students.map { $0.attributes.map(\.name).filter { $0 != "jpegPhoto" } }).count == 1)
    }

    @Test func theCommandWritesTheDemoOrAScaleDirectory() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("directory-\(UUID().uuidString).ldif")
        defer { try? FileManager.default.removeItem(at: file) }
        let demo = try CampusFixturesCommandTests.run(["directory", "--output", file.path])
        #expect(demo.status == 0, "\(demo.output)")
        #expect(try Data(contentsOf: file) == Data(Self.demo.utf8))
        let scale = try CampusFixturesCommandTests.run(["directory", "--people", "30", "--seed", "3", "--output", file.path])
        #expect(scale.output.contains("wrote 30 entries"))
        #expect(try String(contentsOf: file, encoding: .utf8) == DirectoryFixture.scale(people: 30, seed: 3))
        let refused = try CampusFixturesCommandTests.run(["directory", "--people", "0", "--output", file.path])
        #expect(refused.status == 64 && refused.output.contains("--people must be at least 1, got 0"))
    }
}
