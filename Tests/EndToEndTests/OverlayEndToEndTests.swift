import Foundation
import Testing

/// `campus overlay` on the demo campus, its free slots checked against each member's `campus schedule --json`.
@Suite("campus overlay on the demo campus", .serialized)
struct OverlayEndToEndTests {
    static let students = ["brennam", "oyelarn", "paxtonr", "seftonu"]

    /// A runner with Spring (and Summer, where some people have no spring classes) synced.
    static func campus() throws -> CampusRunner {
        let campus = try CampusRunner()
        let sync = try campus.run("sync", "registrar", "--term", "202630", "--term", "202640")
        #expect(sync.status == 0, "\(sync.error)")
        return campus
    }

    static func minutes(_ text: Any?) throws -> Int {
        let parts = try #require(text as? String).split(separator: ":").compactMap { Int($0) }
        try #require(parts.count == 2)
        return parts[0] * 60 + parts[1]
    }

    /// Every free slot lies in the window, on the days, lasts the minimum, and meets no member's meeting.
    static func checkFreeSlots(_ overlay: [String: Any], in campus: CampusRunner, term: String = "202630") throws {
        let slots = try #require(overlay["freeSlots"] as? [[String: Any]])
        let members = try #require(overlay["members"] as? [[String: Any]]).compactMap { $0["username"] as? String }
        for slot in slots {
            let (start, end) = (try minutes(slot["start"]), try minutes(slot["end"]))
            #expect(end - start >= 50 && start >= 8 * 60 && end <= 17 * 60, "\(slot)")
            #expect("MTWRF".contains(try #require(slot["day"] as? String)))
        }
        for username in members {
            let schedule = try #require(try campus.run("schedule", username, "--term", term, "--json").json() as? [String: Any])
            for section in try #require(schedule["sections"] as? [[String: Any]]) {
                for meeting in try #require(section["meetings"] as? [[String: Any]]) {
                    let days = try #require(meeting["days"] as? String)
                    let (start, end) = (try minutes(meeting["start"]), try minutes(meeting["end"]))
                    for slot in slots where days.contains(slot["day"] as? String ?? "?") {
                        #expect(try minutes(slot["end"]) <= start || end <= (try minutes(slot["start"])),
                                "\(slot) meets \(username)'s \(section["id"] ?? "") \(meeting)")
                    }
                }
            }
        }
    }

    @Test("four students: the grid, the common free slots, and JSON free slots clear of every meeting")
    func fourStudents() throws {
        let campus = try Self.campus()
        defer { campus.cleanUp() }
        let text = try campus.run(arguments: ["overlay"] + Self.students + ["--term", "202630"])
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("Overlay of 4 people — Spring 2025-2026 (202630)"))
        #expect(text.output.contains("MON  ") && text.output.contains("EVENING"))
        #expect(text.output.contains("Everyone free:"))
        let json = try campus.run(arguments: ["overlay"] + Self.students + ["--term", "202630", "--json"])
        let overlay = try #require(try json.json() as? [String: Any])
        #expect((overlay["members"] as? [Any])?.count == 4)
        #expect((overlay["freeSlots"] as? [Any])?.isEmpty == false)
        try Self.checkFreeSlots(overlay, in: campus)
    }

    @Test("--roster of a full section lays every student over the others")
    func fullSection() throws {
        let campus = try Self.campus()
        defer { campus.cleanUp() }
        let roster = try #require(try campus.run("roster", "MA211-01", "--term", "202630", "--json").json() as? [String: Any])
        let section = try #require((roster["sections"] as? [[String: Any]])?.first)
        #expect(section["enrolled"] as? Int == section["capacity"] as? Int, "MA211-01 is full")
        let result = try campus.run("overlay", "--roster", "MA211-01", "--term", "202630", "--json")
        #expect(result.status == 0, "\(result.error)")
        let overlay = try #require(try result.json() as? [String: Any])
        let members = try #require(overlay["members"] as? [[String: Any]]).compactMap { $0["username"] as? String }
        let students = try #require(roster["students"] as? [[String: Any]]).compactMap { $0["username"] as? String }
        #expect(Set(members) == Set(students) && members.count == students.count)
        let ranking = try #require(overlay["ranking"] as? [[String: Any]])
        #expect(ranking.allSatisfy { ($0["of"] as? Int) == students.count })
        try Self.checkFreeSlots(overlay, in: campus)
    }

    @Test("the same person twice counts once; a person with no classes that term is warned about and free")
    func duplicatesAndNotEnrolled() throws {
        let campus = try Self.campus()
        defer { campus.cleanUp() }
        let result = try campus.run("overlay", "brennam", "BRENNAM", "halea", "--term", "202630", "--json")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("halea has no classes in Spring 2025-2026 (202630)"))
        let overlay = try #require(try result.json() as? [String: Any])
        #expect((overlay["members"] as? [[String: Any]])?.map { $0["username"] as? String } == ["brennam", "halea"])
        let alone = try #require(try campus.run("overlay", "brennam", "--term", "202630", "--json").json() as? [String: Any])
        let slots = try #require(overlay["freeSlots"] as? NSArray)
        let aloneSlots = try #require(alone["freeSlots"] as? NSArray)
        #expect(slots.count > 0 && slots == aloneSlots)
    }

    @Test("@group lays a favorites group over the others; an empty group is an error that says how to fill it")
    func favoritesGroup() throws {
        let campus = try Self.campus()
        defer { campus.cleanUp() }
        for username in ["brennam", "paxtonr"] {
            #expect(try campus.run("favorites", "add", username, "--group", "study").status == 0)
        }
        let result = try campus.run("overlay", "@study", "seftonu", "paxtonr", "--term", "202630", "--json")
        #expect(result.status == 0, "\(result.error)")
        let overlay = try #require(try result.json() as? [String: Any])
        #expect((overlay["members"] as? [[String: Any]])?.map { $0["username"] as? String } == ["brennam", "paxtonr", "seftonu"])
        try Self.checkFreeSlots(overlay, in: campus)
        let empty = try campus.run("overlay", "@nobody", "brennam", "--term", "202630")
        #expect(empty.status == 1)
        #expect(empty.error.contains("'nobody'") && empty.error.contains("campus favorites add USER --group nobody"))
    }

    @Test("--week: a summer half-term section counts in its weeks and not after them")
    func partOfTerm() throws {
        let campus = try Self.campus()
        defer { campus.cleanUp() }
        func slots(_ extra: String...) throws -> [String: Any] {
            let result = try campus.run(arguments: ["overlay", "brennam", "--term", "202640", "--json"] + extra)
            #expect(result.status == 0, "\(result.error)")
            return try #require(try result.json() as? [String: Any])
        }
        let june = try slots("--week", "2026-06-10")
        try Self.checkFreeSlots(june, in: campus, term: "202640")
        let everyWeek = try slots()
        #expect((june["freeSlots"] as? NSArray) == (everyWeek["freeSlots"] as? NSArray))
        let after = try #require(try slots("--week", "2026-07-20")["freeSlots"] as? [[String: Any]])
        #expect(after.map { "\($0["day"] ?? "") \($0["start"] ?? "")-\($0["end"] ?? "")" }
                == ["M", "T", "W", "R", "F"].map { "\($0) 08:00-17:00" }, "brennam's summer sections end on 7/17")
        let bad = try campus.run("overlay", "brennam", "--week", "July 20")
        #expect(bad.status == 2 && bad.error.contains("like 2026-07-20"))
    }

    @Test("bad input: unknown people with close matches, over the limit, an empty section, malformed --days and --between")
    func badInput() throws {
        let campus = try Self.campus()
        defer { campus.cleanUp() }
        let unknown = try campus.run("overlay", "brenam", "nosuchperson", "paxtonr", "--term", "202630")
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("'brenam' (did you mean: brennam") && unknown.error.contains("'nosuchperson'"))
        let many = try campus.run(arguments: ["overlay"] + Self.students + ["--term", "202630", "--max", "3"])
        #expect(many.status == 1)
        #expect(many.error.contains("at most 3 people and this one has 4"))
        let days = try campus.run("overlay", "brennam", "--days", "MXF")
        #expect(days.status == 2 && days.error.contains("like MTWRF"))
        let between = try campus.run("overlay", "brennam", "--between", "17:00-8:00")
        #expect(between.status == 2 && between.error.contains("like 8:00-17:00"))
        let zero = try campus.run("overlay", "brennam", "--max", "0")
        #expect(zero.status == 2 && zero.error.contains("--max 500"))
        let emptySection = try campus.run("overlay", "--roster", "BE201-03", "--term", "202630")
        #expect(emptySection.status == 1 && emptySection.error.contains("hold nobody"))
        let nobody = try campus.run("overlay")
        #expect(nobody.status == 2 && nobody.error.contains("campus overlay brennam"))
    }

    @Test("--busy: a student's schedule as .ics gives the free slots of the student in person; a rule not read names its line")
    func busyCalendar() throws {
        let campus = try Self.campus()
        defer { campus.cleanUp() }
        let ics = try campus.run("schedule", "brennam", "--term", "202630", "--ics")
        #expect(ics.status == 0, "\(ics.error)")
        let file = campus.home.appendingPathComponent("brennam.ics")
        try ics.outputData.write(to: file)
        func freeSlots(_ arguments: String...) throws -> NSArray? {
            let result = try campus.run(arguments: ["overlay"] + arguments + ["--term", "202630", "--json"])
            #expect(result.status == 0, "\(result.error)")
            return try #require(try result.json() as? [String: Any])["freeSlots"] as? NSArray
        }
        let viaFile = try freeSlots("paxtonr", "--busy", file.path)
        let inPerson = try freeSlots("paxtonr", "brennam")
        #expect(viaFile != nil && viaFile == inPerson)
        let bad = campus.home.appendingPathComponent("monthly.ics")
        try Data("BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260309T090000\nDTEND:20260309T100000\nRRULE:FREQ=MONTHLY\nEND:VEVENT\nEND:VCALENDAR\n".utf8).write(to: bad)
        let result = try campus.run("overlay", "paxtonr", "--busy", bad.path, "--term", "202630")
        #expect(result.status == 1 && result.error.contains("line 5") && result.error.contains("FREQ=MONTHLY"), "\(result.error)")
    }

    @Test("--busy: a calendar of another term's classes counts in no week of this one (with a warning); an empty or cut file is refused")
    func busyCalendarOfAnotherTerm() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.run("sync", "registrar", "--term", "202610", "--term", "202630").status == 0)
        let fall = campus.home.appendingPathComponent("fall.ics")
        try campus.run("schedule", "brennam", "--term", "202610", "--ics").outputData.write(to: fall)
        let overlay = try campus.run("overlay", "paxtonr", "--busy", fall.path, "--term", "202630", "--json")
        #expect(overlay.status == 0, "\(overlay.error)")
        let alone = try campus.run("overlay", "paxtonr", "--term", "202630", "--json")
        let slots = { (result: CampusRunner.Result) in try #require(try result.json() as? [String: Any])["freeSlots"] as? NSArray }
        #expect(try slots(overlay) == slots(alone), "the fall classes are not busy time in spring")
        #expect(overlay.error.contains("busy:fall.ics has no event repeating in the days of Spring"), "\(overlay.error)")

        let empty = campus.home.appendingPathComponent("empty.ics")
        try Data().write(to: empty)
        let refused = try campus.run("overlay", "paxtonr", "--busy", empty.path, "--term", "202630")
        #expect(refused.status == 1 && refused.error.contains("no BEGIN:VCALENDAR"), "\(refused.error)")
        let cut = campus.home.appendingPathComponent("cut.ics")
        let whole = try String(contentsOf: fall, encoding: .utf8)
        try Data(whole.prefix(whole.count / 2).utf8).write(to: cut)
        let cutShort = try campus.run("overlay", "paxtonr", "--busy", cut.path, "--term", "202630")
        #expect(cutShort.status == 1 && cutShort.error.contains("cut short"), "\(cutShort.error)")
    }
}
