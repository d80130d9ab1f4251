import Foundation
import Testing

/// The period-number era's pages (`fixtures/period-era/`) through the built `campus`: imported,
/// then answered as a user asks (a room at an hour, a roster, a search).
@Suite("Period-era pages end to end")
struct PeriodEraEndToEndTests {
    private static let folder = CampusRunner.packageRoot.appendingPathComponent("fixtures/period-era")

    @Test("imported, the room, the roster and the Person Match answer lookups")
    func importAndLookUp() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let imported = try campus.run("import", Self.folder.path, "--json")
        #expect(imported.status == 0, "\(imported.error)")
        let files = try #require((try imported.json() as? [String: Any])?["imported"] as? [[String: Any]])
        let kinds = files.compactMap { $0["kind"] as? String }
        #expect(kinds.sorted() == ["joinedRoster", "lastNameSearch", "roomSchedule", "sectionRoster", "sectionRoster"])
        let warnings = (try imported.json() as? [String: Any])?["warnings"] as? [String] ?? []
        #expect(warnings.contains { $0.contains("does not say which section each of its 2 students is in") }, "\(warnings)")

        // T/8/O169:W/4-6/O159: on Wednesdays periods 4 to 6 (10:50am-1:30pm) in O159, Tuesdays elsewhere.
        let wednesday = try campus.run("room", "O159", "--term", "spring 2012", "--at", "W 1:00pm")
        #expect(wednesday.status == 1)
        #expect(wednesday.output.contains("CSSE120-02 10:50am-1:30pm"), "\(wednesday.output)")
        let tuesday = try campus.run("room", "O159", "--term", "201230", "--at", "T 2:45pm")
        #expect(tuesday.status == 0, "\(tuesday.output)")
        let elsewhere = try campus.run("room", "O169", "--term", "201230", "--at", "T 2:45pm")
        #expect(elsewhere.status == 1 && elsewhere.output.contains("CSSE120-02"), "\(elsewhere.output)")

        let roster = try campus.run("roster", "CSSE404-01", "--term", "201230", "--json")
        #expect(roster.status == 0, "\(roster.error)")
        let students = try #require((try roster.json() as? [String: Any])?["students"] as? [[String: Any]])
        #expect(students.compactMap { $0["username"] as? String }.sorted() == ["ortegaj", "pellarm", "quayles", "tenbrob", "vasquei"])

        let empty = try campus.run("roster", "CSSE375-01", "--term", "201230")
        #expect(empty.status == 0 && empty.output.contains("0 student(s)"), "\(empty.output)\(empty.error)")

        let search = try campus.run("search", "loa", "--term", "201230")
        #expect(search.output.contains("loane") && search.output.contains("loaizar"), "\(search.output)")
    }

    @Test("campus page on a page cut off mid-table exits 1 naming the line it stops at")
    func cutOffPage() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let text = try String(contentsOf: Self.folder.appendingPathComponent("course-roster.html"), encoding: .utf8)
        let cutAt = try #require(text.range(of: "<TR><TD><A HREF=\"/regweb-cgi/reg-sched.pl?view=tgrid&termcode=201230&type=Username&id=quayles\""))
        let path = campus.home.appendingPathComponent("cut.html")
        try String(text[..<cutAt.lowerBound]).write(to: path, atomically: true, encoding: .utf8)
        let result = try campus.run("page", path.path)
        #expect(result.status == 1)
        let lines = text[..<cutAt.lowerBound].split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(result.error.contains("\(path.path) could not be read to its end: it stops at line \(lines)"), "\(result.error)")
        #expect(result.output.isEmpty)
    }
}
