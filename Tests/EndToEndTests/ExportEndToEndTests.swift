import Foundation
import Testing

/// `campus schedule --ics`, `--format text`, `--mailto` and `campus email`, run on the built binary.
@Suite("schedule exports, end to end", .serialized)
struct ExportEndToEndTests {
    /// Spring 2025-2026 as `scrapers/rose-hulman.yaml` states it: classes, and the Easter break.
    static let spring = (first: "2026-03-09", last: "2026-05-22", breaks: [("2026-04-03", "2026-04-06")])
    /// The first summer half term, as the sections' Term Dates (`6/8/26-7/17/26`) narrow Summer 2025-2026.
    static let summerHalf = (first: "2026-06-08", last: "2026-07-17", breaks: [("2026-06-19", "2026-06-19"), ("2026-07-03", "2026-07-03")])

    @Test("the demo student's .ics passes the icalendar parser with one occurrence per class day, breaks left out")
    func demoStudentCalendar() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let sync = try campus.run("sync", "registrar", "--term", "202630", "--term", "202640")
        #expect(sync.status == 0, "\(sync.error)")
        let spring = try Self.compare(campus, term: "202630", calendar: Self.spring)
        #expect(spring.count >= 4, "brennam has several meeting patterns in Spring")
        #expect(spring.values.reduce(0, +) == 147, "MWF 31 + MTRF 42 + MR 21 + W 11 + MTRF 42")
        let summer = try Self.compare(campus, term: "202640", calendar: Self.summerHalf)
        #expect(summer.values.reduce(0, +) == 36, "six weeks: MR 12 + T 6 + MR 12 + W 6; the Term Dates end the RRULE, not the summer's end")
    }

    /// Checks the parser's counts of brennam's `.ics` against class days counted here; returns the expected counts.
    static func compare(_ campus: CampusRunner, term: String, calendar: (first: String, last: String, breaks: [(String, String)])) throws -> [String: Int] {
        let ics = try campus.run("schedule", "brennam", "--term", term, "--ics")
        #expect(ics.status == 0, "\(ics.error)")
        let counts = try ICSParser.occurrences(of: ics.output, in: campus.home)
        let schedule = try #require(try campus.run("schedule", "brennam", "--term", term, "--json").json() as? [String: Any])
        var expected: [String: Int] = [:]
        for section in try #require(schedule["sections"] as? [[String: Any]]) {
            let id = try #require(section["id"] as? String)
            for (index, meeting) in (section["meetings"] as? [[String: Any]] ?? []).enumerated() {
                let days = try #require(meeting["days"] as? String)
                expected["\(term)-\(id)-m\(index)-brennam@campus-lookup"] = try classDays(letters: days, term: calendar)
            }
        }
        #expect(counts == expected, "term \(term)")
        return expected
    }

    @Test("a final exam is one event on its weekday of exam week; UIDs stay the same between runs")
    func finalExamAndStableUIDs() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let first = try campus.run("schedule", "quinna", "--term", "202630", "--ics")
        #expect(first.status == 0, "\(first.error)")
        let counts = try ICSParser.occurrences(of: first.output, in: campus.home)
        #expect(counts["202630-CSSE474-02-final-quinna@campus-lookup"] == 1)
        #expect(counts["202630-CSSE474-02-m0-quinna@campus-lookup"] == 42)
        let exam = first.output.components(separatedBy: "BEGIN:VEVENT").first { $0.contains("-final-quinna") } ?? ""
        #expect(exam.contains("DTSTART;TZID=America/Indiana/Indianapolis:20260527T130000"), "W at 1:00pm, exam week from Mon 25 May")
        #expect(exam.contains("LOCATION:O159"))
        let again = try campus.run("schedule", "quinna", "--term", "202630", "--ics")
        #expect(Self.uids(again.output) == Self.uids(first.output))
        #expect(first.output.contains("\r\n") && first.output.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
    }

    @Test("--format text, --mailto and campus email")
    func textAndMail() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let text = try campus.run("schedule", "quinna", "--term", "202630", "--format", "text")
        #expect(text.status == 0, "\(text.error)")
        #expect(text.output.contains("\nCSSE474-02 Theory of Computation  MTRF 9:00-9:50  O159  Final: W at 1:00pm in O159\n"))
        let mail = try campus.run("schedule", "quinna", "--term", "202630", "--mailto", "valer@rose-hulman.edu")
        #expect(mail.output.hasPrefix("mailto:valer@rose-hulman.edu?subject=Alex%20Quinn%27s%20schedule%2C%20Spring%202025-2026&body="))
        #expect(mail.output.contains("CSSE474-02%20Theory%20of%20Computation%20%20MTRF%209%3A00-9%3A50%20%20O159"))
        #expect(try campus.run("email", "quinna").output == "mailto:QUINNA@rose-hulman.edu\n")
        let unknown = try campus.run("email", "nobodyhere")
        #expect(unknown.status == 1 && unknown.error.contains("nobodyhere"))
        let noAddress = try campus.run("email", "jansses")
        #expect(noAddress.status == 1 && noAddress.error.contains("no e-mail address for jansses. Run `campus sync directory`"))
    }

    @Test("two output formats at once, or a --mailto that is not an address, is a usage error naming an example")
    func usageErrors() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let both = try campus.run("schedule", "quinna", "--ics", "--format", "text")
        #expect(both.status == 2 && both.error.contains("--ics and --format text cannot be combined"))
        let address = try campus.run("schedule", "quinna", "--mailto", "valer")
        #expect(address.status == 2 && address.error.contains("--mailto advisor@rose-hulman.edu"))
        for command in [["terms"], ["search", "csse"], ["roster", "CSSE474-02"], ["rooms", "free"], ["audit"], ["history", "quinna"]] {
            let jsonAndCSV = try campus.run(arguments: command + ["--json", "--csv"])
            #expect(jsonAndCSV.status == 2 && jsonAndCSV.error.contains("--json and --csv cannot be combined"), "\(command): \(jsonAndCSV.error)")
        }
    }

    @Test("a term the definition has no calendar for, or a calendar that ends before it starts, is named with its key")
    /// The index keeps the definition's calendar from when it was written: `campus reparse` stores the edited one.
    func definitionCalendarProblems() throws {
        var campus = try CampusRunner()
        defer { campus.cleanUp() }
        #expect(try campus.importSamples().status == 0)
        let original = try String(contentsOf: CampusRunner.packageRoot.appendingPathComponent("scrapers/rose-hulman.yaml"), encoding: .utf8)
        let definition = campus.home.appendingPathComponent("registrar.yaml")
        let config = campus.home.appendingPathComponent("config/campus")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "registrar:\n  definition: \(definition.path)\n".write(to: config.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.appendingPathComponent("config.yaml").path)
        campus.environment["CAMPUS_HOME"] = CampusRunner.packageRoot.path

        try original.replacingOccurrences(of: "\"202630\":", with: "\"202631\":").write(to: definition, atomically: true, encoding: .utf8)
        #expect(try campus.run("reparse").status == 0)
        let missing = try campus.run("schedule", "quinna", "--term", "202630", "--ics")
        #expect(missing.status == 1)
        #expect(missing.error.contains("has no calendar for Spring 2025-2026 (202630)") && missing.error.contains("calendar.terms.\"202630\""))
        #expect(missing.error.contains(definition.path))

        try original.replacingOccurrences(of: "lastDay: \"2026-05-22\"", with: "lastDay: \"2026-03-01\"").write(to: definition, atomically: true, encoding: .utf8)
        let backwards = try campus.run("reparse")
        #expect(backwards.status == 1)
        #expect(backwards.error.contains("calendar.terms.202630.lastDay") && backwards.error.contains("before firstDay 2026-03-09"))
    }

    /// Meeting days (`MTRF`) from the first through the last day, breaks left out; counted with Foundation's calendar.
    static func classDays(letters: String, term: (first: String, last: String, breaks: [(String, String)])) throws -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let format = DateFormatter()
        format.calendar = calendar
        format.timeZone = calendar.timeZone
        format.dateFormat = "yyyy-MM-dd"
        func day(_ text: String) throws -> Date { try #require(format.date(from: text)) }
        let weekdays = Set(letters.map { "UMTWRFS".firstIndex(of: $0).map { "UMTWRFS".distance(from: "UMTWRFS".startIndex, to: $0) + 1 } ?? 0 })
        let breaks = try term.breaks.map { try day($0.0)...day($0.1) }
        var count = 0
        var date = try day(term.first)
        while date <= (try day(term.last)) {
            if weekdays.contains(calendar.component(.weekday, from: date)), !breaks.contains(where: { $0.contains(date) }) { count += 1 }
            date = calendar.date(byAdding: .day, value: 1, to: date)!
        }
        return count
    }

    static func uids(_ ics: String) -> [Substring] {
        ics.split(separator: "\r\n").filter { $0.hasPrefix("UID:") }
    }
}
