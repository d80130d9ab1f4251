import CampusCore
@testable import CampusLookup
import Foundation
import SlapdHarness
import Testing

/// The lookups over an index fed from the real Banner samples (`campus import --definition`),
/// with instructors matched to a real slapd's people by e-mail.
@Suite("Lookups on a Banner-fed index", .serialized)
struct BannerIndexTests {
    static let samples = TestCampus.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/registrar-samples")

    /// Directory people for Thompson Rivers' instructors: one e-mail in another case, one
    /// shared by two people (links nobody), one held only by a suppressed person (links nobody).
    static func directory(baseDN: String) -> String {
        func person(_ uid: String, _ name: String, mail: String, suppressed: Bool = false) -> String {
            let parts = name.split(separator: " ")
            return """
                dn: uid=\(uid),ou=People,\(baseDN)
                objectClass: top
                objectClass: person
                objectClass: organizationalPerson
                objectClass: inetOrgPerson
                objectClass: eduPerson
                objectClass: campusPerson
                uid: \(uid)
                cn: \(name)
                displayName: \(name)
                givenName: \(parts[0])
                sn: \(parts[1])
                mail: \(mail)
                eduPersonPrimaryAffiliation: faculty
                eduPersonAffiliation: faculty
                \(suppressed ? "campusPrivacy: suppress\n" : "")
                """
        }
        return [person("fahmed", "Faheem Ahmed", mail: "FAhmed@TRU.ca"),
                person("ygiftakis", "Yannie Giftakis", mail: "ygiftakis@tru.ca"),
                person("rking", "Richard King", mail: "rking@tru.ca"),
                person("rking2", "Rita King", mail: "RKing@tru.ca"),
                person("mlee", "Mahnhoon Lee", mail: "mlee@tru.ca", suppressed: true)].joined(separator: "\n")
    }

    @Test("Thompson Rivers' answers: term dates from the meetings, instructors matched by e-mail whichever comes first, the week laid by meeting dates")
    func thompsonRivers() async throws {
        let ldif = FileManager.default.temporaryDirectory.appendingPathComponent("tru-\(UUID().uuidString).ldif")
        defer { try? FileManager.default.removeItem(at: ldif) }
        try Self.directory(baseDN: "dc=rose-hulman,dc=edu").write(to: ldif, atomically: true, encoding: .utf8)
        let server = try SlapdServer.start(ldifFiles: [ldif.path])
        defer { server.stop() }
        let (campus, context) = try DirectorySyncTests().configuredCampus(server)
        defer { campus.cleanUp() }
        let now = Date(timeIntervalSince1970: 1_518_000_000)  // 2018-02-07, in the winter term

        let report = try context.importFiles([Self.samples.appendingPathComponent("banner9").path], definition: "thompson-rivers", now: now)
        #expect(report.failures.isEmpty)
        #expect(report.entries.map(\.sections) == [66, 51])
        let description = try context.read { try context.campusDescription($0) }
        #expect(description.termScheme.namesTermsItself)
        #expect(description.name == "Thompson Rivers University")
        let dates = try #require(description.calendar.terms[TermCode("201820")!]?.classes)
        #expect(dates.first.year == 2018 && dates.first.month == 1)
        #expect(dates.last.month == 4)

        // Terms by the registrar's own name, and `current` by the dates.
        #expect(try context.course("COMP1130", term: "winter 2018 (jan-apr)", now: now).term.code.rawValue == "201820")
        #expect(try context.course("COMP1130", term: "current", now: now).term.code.rawValue == "201820")
        #expect(throws: CampusError.self) { try context.course("COMP1130", term: "202610", now: now) }

        // Before the directory: instructors by name and e-mail only.
        let before = try context.course("COMP1130-02", term: nil, now: now).sections
        let ahmed = try #require(before.first?.instructors.first)
        #expect(ahmed.username == nil)
        #expect(ahmed.email?.lowercased() == "fahmed@tru.ca")

        _ = try await context.syncDirectory(try context.directorySyncRequest(DirectorySyncOptions()), now: now, progress: { _ in })
        func instructors(_ section: String) throws -> [String?] {
            try context.course(section, term: nil, now: now).sections.flatMap { $0.instructors.map(\.username) }
        }
        #expect(try instructors("COMP1130-02") == ["fahmed"], "matched by e-mail, case ignored")
        #expect(try instructors("COMP1130-S01") == ["ygiftakis"])
        #expect(try instructors("COMP1150-01") == [nil], "an e-mail two people share links nobody")
        #expect(try instructors("COMP3710-S01") == [nil], "a suppressed person is not linked")

        // A term imported again after the sync is matched again.
        _ = try context.importFiles([Self.samples.appendingPathComponent("banner9/tru-201820-COMP.json").path], definition: "thompson-rivers", now: now)
        #expect(try instructors("COMP1130-02") == ["fahmed"])

        let teaching = try context.teaching(of: "fahmed", term: nil, now: now)
        #expect(teaching.sections.map(\.section.id.rawValue).contains("COMP1130-02"))
        let ics = try context.iCalendar(of: teaching, now: now)
        #expect(ics.contains("DTSTART;TZID=America/Vancouver:201801"))
        #expect(ics.contains("UNTIL=201804"))
        #expect(ics.contains("CRN 20433"))
    }

    @Test("an enrollment extract gives rosters, student schedules and overlays; one naming an unknown CRN is refused whole")
    func enrollmentExtract() async throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let context = try campus.context()
        let now = Date(timeIntervalSince1970: 1_518_000_000)
        let extract = campus.home.appendingPathComponent("extract.csv")
        let unknown = campus.home.appendingPathComponent("unknown.csv")
        try """
            TERM_CODE,CRN,USERNAME,STUDENT_ID,STUDENT_NAME,EMAIL
            201820,20433,t00011,T00011,"Lee, Ada",t00011@mytru.ca
            201820,20433,t00012,T00012,"Roy, Ben",t00012@mytru.ca
            201820,20435,t00011,T00011,"Lee, Ada",t00011@mytru.ca
            201820,20503,t00012,T00012,"Roy, Ben",t00012@mytru.ca

            """.write(to: extract, atomically: true, encoding: .utf8)
        try """
            TERM_CODE,CRN,USERNAME
            201820,20433,t00013
            201820,99999,t00013

            """.write(to: unknown, atomically: true, encoding: .utf8)

        // Before the sections: refused whole, saying what to import first.
        let early = try context.importFiles([extract.path], definition: "thompson-rivers", now: now)
        #expect(early.failures.first?.reason.contains("import or sync its sections first") == true)

        let report = try context.importFiles([Self.samples.appendingPathComponent("banner9").path, extract.path, unknown.path],
                                             definition: "thompson-rivers", now: now)
        #expect(report.entries.contains { $0.kind == .enrollmentExtract && $0.students == 2 && $0.sections == 3 })
        let refusal = try #require(report.failures.first { $0.path == unknown.path })
        #expect(refusal.reason.contains("line 3: CRN 99999 is no section of term 201820"))

        let roster = try context.roster("COMP1130-02", term: nil, now: now)
        #expect(roster.students.map(\.person.username) == ["t00011", "t00012"])
        let schedule = try context.schedule(of: "t00011", term: nil, now: now)
        #expect(Set(schedule.sections.map(\.section.id.rawValue)) == ["COMP1130-02", "COMP1130-L02"])
        #expect(!(try context.roster("COMP1130-02", term: nil, now: now).students.contains { $0.person.username == "t00013" }),
                "nothing of a refused extract is imported")
        let overlay = try await context.overlay(usernames: ["t00011", "t00012"], owner: "registrar", roster: nil, term: nil,
                                                options: OverlayOptions(), now: now)
        #expect(overlay.overlay.members.allSatisfy { !$0.busy.isEmpty })

        // The extract is the section's whole list: a later one replaces it.
        try """
            TERM_CODE,CRN,USERNAME,STUDENT_NAME
            201820,20433,t00012,"Roy, Ben"

            """.write(to: extract, atomically: true, encoding: .utf8)
        _ = try context.importFiles([extract.path], definition: "thompson-rivers", now: now)
        #expect(try context.roster("COMP1130-02", term: nil, now: now).students.map(\.person.username) == ["t00012"])
    }
}

