import Foundation
import Testing

/// `campus changes`: what a crawl found changed since the one before it.
@Suite("The change log", .serialized)
struct ChangeLogEndToEndTests {
    @Test("a first crawl records nothing; a crawl after the registrar moves a section records the move, once")
    func movedSection() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let moved = try MovedSection(campus)
        let sync = { try campus.run("sync", "registrar", "--source", moved.pages.path, "--term", MovedSection.term) }
        #expect(try sync().status == 0)
        let none = try campus.run("changes")
        #expect(none.status == 0 && none.output.contains("no changes recorded"), "\(none.output)")

        #expect(try moved.move() > 10)
        #expect(try sync().status == 0)
        let json = try #require(try campus.run("changes", "--json").json() as? [String: Any])
        let refreshes = try #require(json["refreshes"] as? [[String: Any]])
        #expect(refreshes.count == 1)
        let changes = try #require(refreshes.first?["changes"] as? [[String: Any]])
        #expect(changes.count == 1, "only the room moved: \(changes)")
        #expect(changes.first?["kind"] as? String == "room-changed")
        #expect(changes.first?["section"] as? String == MovedSection.section)
        #expect(changes.first?["before"] as? String == MovedSection.oldRoom && changes.first?["after"] as? String == MovedSection.newRoom)

        let ics = try campus.run("schedule", "brennam", "--term", MovedSection.term, "--ics").output
        let events = ics.components(separatedBy: "BEGIN:VEVENT").filter { $0.contains("UID:\(MovedSection.term)-\(MovedSection.section)-m") }
        #expect(!events.isEmpty && events.allSatisfy { $0.contains("SEQUENCE:1\r\nLAST-MODIFIED:") && $0.contains("LOCATION:\(MovedSection.newRoom)") },
                "a subscribed calendar updates the moved class")
        #expect(!ics.contains("STATUS:CANCELLED"))

        #expect(try sync().status == 0, "the same pages again")
        let table = try campus.run("changes", "--term", MovedSection.term, "--section", MovedSection.section)
        #expect(table.status == 0)
        #expect(table.output.split(separator: "\n").count == 2, "a header and the one move: \(table.output)")
        #expect(table.output.contains("room-changed") && table.output.contains(MovedSection.oldRoom) && table.output.contains(MovedSection.newRoom))
        #expect(try campus.run("changes", "--section", "PH235-01").output.contains("no changes recorded"))
    }

    @Test("a directory sync records the contact details it changed, and nothing when it changed none")
    func contactDetails() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let ldif = campus.home.appendingPathComponent("directory.ldif")
        let original = try String(contentsOf: CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif"), encoding: .utf8)
        try original.write(to: ldif, atomically: true, encoding: .utf8)
        #expect(try campus.run("sync", "directory", "--ldif", ldif.path).status == 0)
        #expect(try campus.run("sync", "directory", "--ldif", ldif.path).status == 0)
        #expect(try campus.run("changes").output.contains("no changes recorded"), "a first sync and an unchanged one record nothing")

        try original.replacing("telephoneNumber: 812-877-8123", with: "telephoneNumber: 812-877-4000")
            .write(to: ldif, atomically: true, encoding: .utf8)
        #expect(try campus.run("sync", "directory", "--ldif", ldif.path).status == 0)
        let json = try #require(try campus.run("changes", "--json").json() as? [String: Any])
        let refresh = try #require((json["refreshes"] as? [[String: Any]])?.first)
        #expect(refresh["source"] as? String == "directory")
        let change = try #require((refresh["changes"] as? [[String: Any]])?.first)
        #expect(change["kind"] as? String == "contact-changed" && change["person"] as? String == "whitfid")
        #expect(change["title"] as? String == "phone" && change["before"] as? String == "812-877-8123"
                    && change["after"] as? String == "812-877-4000")
    }

    @Test("bad filters name what was wrong")
    func badFilters() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        for (arguments, said) in [(["--since", "yesterday"], "--since 'yesterday'"), (["--term", "spring"], "--term 'spring'"),
                                  (["--section", "nope"], "--section 'nope'"), (["--limit", "0"], "--limit 0")] {
            let result = try campus.run(arguments: ["changes"] + arguments)
            #expect(result.status == 2 && result.error.contains(said), "\(result.error)")
        }
    }
}
