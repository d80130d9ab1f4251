import Foundation
import Testing

/// The "Add your campus" guide (`docs/add-your-campus.md`), step by step as a new campus follows it, for a
/// Banner 9 and a Banner 8 school: the demo campus served by `registrar-emulator` as that
/// family, a definition file copied and edited, then `campus sync registrar`, `campus sync
/// directory`, the enrollment extract and the lookups.
@Suite("The Add your campus guide (docs/add-your-campus.md)", .serialized)
struct AddYourCampusEndToEndTests {
    static let build = CampusRunner.packageRoot.appendingPathComponent(".build/debug")

    /// `registrar-emulator` running in the background, and the address it printed.
    final class Emulator {
        let process = Process()
        let url: String

        init(pages: URL) throws {
            process.executableURL = AddYourCampusEndToEndTests.build.appendingPathComponent("registrar-emulator")
            process.arguments = ["--pages", pages.path, "--port", "0"]
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            // "registrar emulator serving DIR at http://127.0.0.1:PORT/udcprod8/bwckschd.p_disp_dyn_sched"
            let printed = String(decoding: line, as: UTF8.self)
            guard let at = printed.range(of: "http://127.0.0.1:") else {
                process.terminate()
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "the emulator printed '\(printed)'"])
            }
            url = "http://127.0.0.1:" + printed[at.upperBound...].prefix(while: \.isNumber)
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
        }
    }

    @Test("a school on the family's definition: crawled, its directory synced, its extract imported, every lookup answering",
          arguments: [("banner9", "thompson-rivers"), ("banner8", "northeastern")])
    func guide(family: String, school: String) throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        let pages = campus.home.appendingPathComponent("registrar")
        let fixtures = try campus.run(arguments: [family, "--output", pages.path,
                                                  "--definition", CampusRunner.packageRoot.appendingPathComponent("scrapers/rose-hulman.yaml").path],
                                      executable: Self.build.appendingPathComponent("campus-fixtures"))
        #expect(fixtures.status == 0, "\(fixtures.error)")
        let emulator = try Emulator(pages: pages)
        defer { emulator.stop() }

        // Step 1: copy the family's definition and edit the particulars.
        let definition = campus.home.appendingPathComponent("my-school.yaml")
        let copied = try String(contentsOf: CampusRunner.packageRoot.appendingPathComponent("scrapers/\(school).yaml"), encoding: .utf8)
        try copied.replacingOccurrences(of: "\nname: ", with: "\nname: My School # was ")
            .write(to: definition, atomically: true, encoding: .utf8)
        // Step 2: the configuration names the registrar and the definition.
        let config = campus.home.appendingPathComponent("config/campus")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try """
            registrar:
              url: \(emulator.url)
              definition: \(definition.path)
            """.write(to: config.appendingPathComponent("config.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: config.appendingPathComponent("config.yaml").path)

        // Step 3: crawl a term by the registrar's own name.
        let sync = try campus.run("sync", "registrar", "--term", "Spring 2025-2026")
        #expect(sync.status == 0, "\(sync.error)")
        #expect(sync.output.contains("202630") && sync.output.contains("replaced"))
        // Step 4: the directory, whose e-mail addresses name the instructors.
        let directory = try campus.run("sync", "directory", "--ldif", CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif").path)
        #expect(directory.status == 0, "\(directory.error)")
        let teaching = try campus.run("instructor", "whitfid", "--term", "202630")
        #expect(teaching.status == 0 && teaching.output.contains("CSSE474-01"), "\(teaching.error)")

        // Step 5: the enrollment extract gives the class lists.
        let course = try campus.run("course", "CSSE474-01", "--json")
        let sections = try #require((try course.json() as? [String: Any])?["sections"] as? [[String: Any]])
        let crn = try #require(sections.first?["crn"] as? String)
        let header = school == "northeastern" ? "TERM,CRN,USERNAME,NAME" : "TERM_CODE,CRN,USERNAME,STUDENT_NAME"
        let extract = campus.home.appendingPathComponent("extract.csv")
        try "\(header)\n202630,\(crn),brennam,\"Brennan, Morgan\"\n202630,\(crn),oyelarn,\"Oyelaran, Nia\"\n"
            .write(to: extract, atomically: true, encoding: .utf8)
        let imported = try campus.run("import", extract.path)
        #expect(imported.status == 0 && imported.output.contains("enrollmentExtract"), "\(imported.error)")
        let roster = try campus.run("roster", "CSSE474-01", "--term", "202630")
        #expect(roster.output.contains("brennam") && roster.output.contains("oyelarn"), "\(roster.output)\(roster.error)")
        let schedule = try campus.run("schedule", "brennam", "--term", "202630")
        #expect(schedule.status == 0 && schedule.output.contains("CSSE474-01"))
        let ics = try campus.run("schedule", "brennam", "--term", "202630", "--ics")
        #expect(ics.output.contains("BEGIN:VEVENT") && ics.output.contains("UNTIL=2026052"))
        let meet = try campus.run("meet", "brennam", "oyelarn", "--term", "202630")
        #expect(meet.status == 0, "\(meet.error)")
        let free = try campus.run("rooms", "free", "--at", "M 10:00", "--term", "202630")
        #expect(free.status == 0 && !free.output.isEmpty)
    }
}
