import Foundation
import Testing

/// `campus favorites`, `campus history` and term names, run on the bundled demo campus.
@Suite("Favorites, history and term names on the demo campus", .serialized)
struct FavoritesEndToEndTests {
    static let ldif = CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path

    /// The usernames `favorites list --json` shows, in order.
    func listed(_ campus: CampusRunner, _ arguments: String...) throws -> [String] {
        let answer = try #require(try campus.run(arguments: ["favorites", "list", "--json"] + arguments).json() as? [String: Any])
        let list = try #require(answer["favorites"] as? [[String: Any]])
        return list.compactMap { $0["username"] as? String }
    }

    @Test("favorites survive a full registrar sync and a directory sync; adding twice says so; empty says so")
    func surviveSyncs() throws {
        var campus = try CampusRunner()
        defer { campus.cleanUp() }
        // The demo campus's spring term, on a day of classes: favorites are somewhere now or next.
        campus.environment["CAMPUS_CLOCK"] = "2026-03-30T10:05"
        #expect(try campus.run("sync", "registrar", "--term", "all").status == 0)
        #expect(try campus.run("favorites", "list").output.contains("no favorites yet"))

        let added = try campus.run("favorites", "add", "whitfid")
        #expect(added.status == 0 && added.output.contains("added whitfid to favorites"), "\(added.error)")
        #expect(try campus.run("favorites", "add", "WHITFID").output.contains("whitfid is already in favorites"))
        #expect(try campus.run("favorites", "add", "brennam", "--group", "lab").status == 0)
        #expect(try campus.run("favorites", "add", "ashbye").status == 0, "known to the registrar; the directory suppresses them")

        #expect(try campus.run("sync", "registrar", "--term", "all", "--force").status == 0)
        #expect(try campus.run("sync", "directory", "--ldif", Self.ldif).status == 0)
        // A favorite the directory suppresses stays listed, as one the index does not know.
        #expect(try listed(campus) == ["whitfid", "ashbye", "brennam"])
        #expect(try listed(campus, "--group", "lab") == ["brennam"])

        let text = try campus.run("favorites", "list")
        #expect(text.output.contains("Dana Whitfield (whitfid)"))
        #expect(text.output.contains("ashbye — not in the index, or withheld by the directory"), "\(text.output)")
        #expect(!text.output.contains("Elliot Ashby"))
        #expect(text.output.contains("next: ") || text.output.contains("now: "), "\(text.output)")
        let answer = try #require(try campus.run("favorites", "list", "--json").json() as? [String: Any])
        let json = try #require(answer["favorites"] as? [[String: Any]])
        #expect(answer["total"] as? Int == 3)
        #expect(json.dropFirst().first?["inIndex"] as? Bool == false && json.dropFirst().first?["person"] is NSNull)
        let first = try #require(json.first)
        #expect(first["inIndex"] as? Bool == true)
        #expect(!(first["sections"] as? [Any] ?? []).isEmpty)
        #expect(first["now"] is [String: Any] || first["next"] is [String: Any])

        #expect(try campus.run("favorites", "remove", "whitfid").status == 0)
        #expect(try campus.run("favorites", "remove", "whitfid").status == 1)
        #expect(try campus.run("favorites", "clear").output.contains("removed 2 favorites"), "brennam and the suppressed ashbye")
        #expect(try listed(campus).isEmpty)
    }

    @Test("an unknown username is refused with close matches; an empty group is a usage error")
    func badInput() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "registrar", "--term", "202630").status == 0)
        let unknown = try campus.run("favorites", "add", "brenam")
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("brennam"))
        let empty = try campus.run("favorites", "add", "brennam", "--group", " ")
        #expect(empty.status == 2)
        #expect(empty.error.contains("--group lab"))
        #expect(try listed(campus).isEmpty)
    }

    @Test("history lists every term a person taught, newest first, in text, JSON and CSV")
    func history() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "registrar", "--term", "all").status == 0)
        let json = try #require(try campus.run("history", "whitfid", "--json").json() as? [String: Any])
        let terms = try #require(json["terms"] as? [[String: Any]])
        let codes = terms.compactMap { ($0["term"] as? [String: Any])?["code"] as? String }
        #expect(codes.count >= 2)
        #expect(codes == codes.sorted(by: >))
        let csv = try campus.run("history", "whitfid", "--csv").output.split(whereSeparator: \.isNewline)
        #expect(csv.first?.hasPrefix("role,term,section") == true)
        #expect(Set(csv.dropFirst().map { $0.split(separator: ",")[1] }).count == codes.count)
        #expect(try campus.run("history", "whitfid").output.contains("Spring 2025-2026"))
        #expect(try campus.run("history", "whitfd").error.contains("whitfid"))

        let noClasses = try campus.run("schedule", "craneh", "--term", "summer 2026")
        #expect(noClasses.status == 0)
        #expect(noClasses.output.contains("Harlow Crane has no classes in Summer 2025-2026 (202640)"), "\(noClasses.output)")
    }

    @Test("--term takes a season and year or the registrar's name; anything else is a usage error with examples")
    func termNames() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "registrar", "--term", "202630").status == 0)
        for name in ["spring 2026", "Spring 2025-2026"] {
            let schedule = try campus.run("schedule", "brennam", "--term", name)
            #expect(schedule.status == 0, "\(schedule.error)")
            #expect(schedule.output.contains("Spring 2025-2026 (202630)"))
        }
        let bad = try campus.run("schedule", "brennam", "--term", "spring of 2026")
        #expect(bad.status == 2)
        #expect(bad.error.contains("\"spring 2026\""))
    }

    @Test("campus terms shows what the registrar offered beside what the index holds")
    func offeredTerms() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("import", CampusRunner.samples.appendingPathComponent("sample-courses.html").path).status == 0)
        let imported = try #require(try campus.run("terms", "--json").json() as? [[String: Any]])
        #expect(imported.map { $0["offered"] as? Bool } == [false], "an import offers nothing")

        #expect(try campus.run("sync", "registrar", "--term", "202610").status == 0)
        let terms = try #require(try campus.run("terms", "--json").json() as? [[String: Any]])
        let status = Dictionary(uniqueKeysWithValues: terms.compactMap { term in
            (term["code"] as? String).map { ($0, [term["indexed"] as? Bool, term["offered"] as? Bool]) }
        })
        #expect(status == ["202640": [false, true], "202630": [true, true], "202620": [false, true], "202610": [true, true]])
        let text = try campus.run("terms").output
        #expect(text.contains("STATUS") && text.contains("indexed, offered"))
    }

    @Test("where a favorite is next follows the term's calendar: after a break, on the day classes resume; after the term, nowhere")
    func whereaboutsByTheCalendar() throws {
        var campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "registrar", "--term", "202630").status == 0)
        #expect(try campus.run("favorites", "add", "brennam").status == 0)
        campus.environment["CAMPUS_CLOCK"] = "2026-04-03T10:05"
        let onBreak = try #require(try campus.run("favorites", "list", "--json").json() as? [String: Any])
        let favorite = try #require((onBreak["favorites"] as? [[String: Any]])?.first)
        #expect(favorite["now"] is NSNull, "nobody is in class on a break: \(favorite)")
        let next = try #require(favorite["next"] as? [String: Any], "\(favorite)")
        #expect(next["date"] as? String == "2026-04-07" && next["day"] as? String == "T", "\(next)")
        campus.environment["CAMPUS_CLOCK"] = "2026-06-15T10:05"
        let over = try #require(try campus.run("favorites", "list", "--json").json() as? [String: Any])
        let after = try #require((over["favorites"] as? [[String: Any]])?.first)
        #expect(after["now"] is NSNull && after["next"] is NSNull, "spring is over: \(after)")
        campus.environment["CAMPUS_CLOCK"] = "not a moment"
        let bad = try campus.run("favorites", "list")
        #expect(bad.status != 0 && bad.error.contains("not a moment of the campus clock"), "\(bad.error)")
    }
}
