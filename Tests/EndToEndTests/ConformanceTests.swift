import Foundation
import Testing

/// The issue's acceptance run: import the real registrar samples, then ask the
/// CLI the questions whose answers the reference parser knows.
@Suite("campus on the real registrar pages", .serialized)
struct ConformanceTests {
    @Test("import, then schedule, instructor, roster and course lookups give the reference facts")
    func lookupsMatchReference() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let expected = try CampusRunner.expectedPages()

        let imported = try campus.importSamples()
        #expect(imported.status == 0, "import failed: \(imported.error)")

        let schedule = try #require(try campus.run("schedule", "quinna", "--term", "202630", "--json").json() as? [String: Any])
        let student = try #require(expected["sample-student.html"])
        let person = try #require(schedule["person"] as? [String: Any])
        let header = try #require(student["header"] as? [String: Any])
        #expect(person["name"] as? String == header["Name"] as? String)
        #expect(person["bannerId"] as? String == header["Banner ID"] as? String)
        #expect(person["major"] as? String == header["Major"] as? String)
        #expect(person["year"] as? String == header["Year"] as? String)
        #expect((person["advisor"] as? [String: Any])?["name"] as? String == header["Advisor"] as? String)
        #expect((schedule["term"] as? [String: Any])?["name"] as? String == student["termName"] as? String)
        ExpectedFacts.checkSections(try #require(student["sections"] as? [[String: Any]]),
                                    try #require(schedule["sections"] as? [[String: Any]]))

        let teaching = try #require(try campus.run("instructor", "valer", "--term", "202630", "--json").json() as? [String: Any])
        let instructor = try #require(expected["sample-instructor.html"])
        let instructorHeader = try #require(instructor["header"] as? [String: Any])
        let instructorPerson = try #require(teaching["person"] as? [String: Any])
        #expect(instructorPerson["name"] as? String == instructorHeader["Name"] as? String)
        #expect(instructorPerson["department"] as? String == instructorHeader["Dept"] as? String)
        ExpectedFacts.checkSections(try #require(instructor["sections"] as? [[String: Any]]),
                                    try #require(teaching["sections"] as? [[String: Any]]))

        let roster = try #require(try campus.run("roster", "CSSE474-02", "--term", "202630", "--json").json() as? [String: Any])
        let rosterPage = try #require(expected["sample-roster.html"])
        ExpectedFacts.checkSections(try #require(rosterPage["sections"] as? [[String: Any]]),
                                    try #require(roster["sections"] as? [[String: Any]]))
        let expectedStudents = try #require(rosterPage["roster"] as? [[String: Any]])
        let students = try #require(roster["students"] as? [[String: Any]])
        #expect(students.count == expectedStudents.count)
        let byUsername = Dictionary(students.map { ($0["username"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        for entry in expectedStudents {
            guard let found = byUsername[entry["username"] as? String ?? ""] else {
                Issue.record("roster lacks \(entry["username"] ?? "?")")
                continue
            }
            ExpectedFacts.checkStudent(entry, found)
        }

        let course = try #require(try campus.run("course", "CSSE3", "--term", "202630", "--json").json() as? [String: Any])
        ExpectedFacts.checkSections(try #require(expected["sample-courses.html"]?["sections"] as? [[String: Any]]),
                                    try #require(course["sections"] as? [[String: Any]]))
    }

    @Test("the roster CSV gives the Fall 2026-2027 roster of CSSE220-01")
    func rosterCSV() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let result = try campus.run("roster", "CSSE220-01", "--term", "202710", "--json")
        #expect(result.status == 0, "\(result.error)")
        let roster = try #require(try result.json() as? [String: Any])
        #expect((roster["term"] as? [String: Any])?["name"] as? String == "Fall 2026-2027")
        let csvLines = try String(contentsOf: CampusRunner.samples.appendingPathComponent("CSSE220-01.csv"), encoding: .utf8)
            .split(whereSeparator: \.isNewline).dropFirst(4)
        let students = try #require(roster["students"] as? [[String: Any]])
        #expect(students.count == csvLines.count)
        for line in csvLines {
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            let found = students.first { $0["username"] as? String == fields[0] }
            #expect(found != nil, "roster lacks \(fields[0])")
            #expect(found?["email"] as? String == fields[9])
            #expect(found?["major"] as? String == fields[5])
            #expect(((found?["advisor"] as? [String: Any])?["username"] as? String) == fields[8])
        }
        let section = try #require((roster["sections"] as? [[String: Any]])?.first)
        let meeting = try #require((section["meetings"] as? [[String: Any]])?.first)
        #expect(meeting["days"] as? String == "MWF")
        #expect(meeting["start"] as? String == "13:00")
        #expect(meeting["end"] as? String == "14:50")
        #expect(meeting["room"] as? String == "O157")
    }

    @Test("campus page reads each sample on its own, without an index", arguments: [
        "sample-student.html", "sample-instructor.html", "sample-roster.html", "sample-courses.html",
    ])
    func pageWithoutIndex(file: String) throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let expected = try #require(try CampusRunner.expectedPages()[file])
        let result = try campus.run("page", CampusRunner.samples.appendingPathComponent(file).path, "--json")
        #expect(result.status == 0, "\(result.error)")
        let page = try #require(try result.json() as? [String: Any])
        #expect(page["heading"] as? String == expected["heading"] as? String)
        #expect((page["term"] as? [String: Any])?["code"] as? String == expected["termCode"] as? String)
        let header = page["header"] as? [String: Any] ?? [:]
        for (key, value) in expected["header"] as? [String: Any] ?? [:] {
            #expect(ExpectedFacts.normalised(header[key]) == ExpectedFacts.normalised(value), "header \(key)")
        }
        ExpectedFacts.checkSections(expected["sections"] as? [[String: Any]] ?? [], page["sections"] as? [[String: Any]] ?? [])
        #expect((page["roster"] as? [Any])?.count == (expected["roster"] as? [Any])?.count)
        #expect(!FileManager.default.fileExists(atPath: campus.indexPath), "campus page must not create an index")
    }
}
