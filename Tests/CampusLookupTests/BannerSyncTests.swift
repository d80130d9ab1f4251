import CampusCore
@testable import CampusLookup
import DemoCampus
import Foundation
import RegistrarEmulator
import Testing

/// `campus sync registrar` of a Banner school (the Thompson Rivers definition on Banner 9, the
/// Northeastern one on Banner 8) against the emulator serving the demo campus as that family's
/// answers or pages, then the lookups on what it wrote.
@Suite("Syncing a Banner registrar over HTTP, and looking up", .serialized)
struct BannerSyncTests {
    static let now = Date(timeIntervalSince1970: 1_773_748_800)  // 2026-03-17, in the spring term

    /// The demo campus as `school`'s family serves it, in `campus`'s home, served by a started
    /// emulator; the configuration names it and the school's definition.
    func configured(_ campus: TestCampus, school: String) async throws -> (RegistrarEmulator, CampusContext) {
        let folder = campus.home.appendingPathComponent("registrar")
        let dates = try TestCampus.definition().calendar.terms.mapValues(\.classes)
        if school == "northeastern" {
            try Banner8PagesWriter(directory: folder).write(CampusGenerator.generate(.demo), termDates: dates)
        } else {
            try Banner9AnswersWriter(directory: folder).write(CampusGenerator.generate(.demo), termDates: dates)
        }
        let emulator = try await RegistrarEmulator.start(pagesDirectory: folder)
        try campus.configure("""
            registrar:
              url: \(emulator.baseURL.absoluteString)
              definition: \(school)
            """)
        return (emulator, try campus.context())
    }

    func sync(_ context: CampusContext, _ terms: SyncTerms) async throws -> [TermSyncOutcome] {
        try await context.syncRegistrar(from: try context.registrarLocation(source: nil), terms: terms, force: false, progress: nil, now: Self.now)
    }

    @Test("terms by name and by date, every lookup on the crawled index, instructors matched by e-mail, a failed crawl keeps the term",
          arguments: ["thompson-rivers", "northeastern"])
    func crawlAndLookUp(school: String) async throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let (emulator, context) = try await configured(campus, school: school)

        // No term dates known yet: a term is named as the registrar names it.
        let first = try await sync(context, .chosen(["spring 2025-2026"]))
        #expect(first.map(\.term.code.rawValue) == ["202630"])
        let sections = try #require(first.first?.result.swap?.sectionsAfter)
        #expect(sections > 100)
        // The stored term dates now tell the current term.
        #expect(try context.course("CSSE474", term: "current", now: Self.now).term.code.rawValue == "202630")
        let defaults = try await sync(context, .defaults)
        #expect(defaults.map(\.term.code.rawValue) == ["202630", "202640"])

        let course = try context.course("CSSE474", term: nil, now: Self.now)
        let section = try #require(course.sections.first { $0.id.rawValue == "CSSE474-01" })
        let crn = try #require(section.crn)
        if school == "thompson-rivers" { #expect(section.crossListedWith.map(\.rawValue) == ["MA474-01"], "Banner 9's crossList groups") }
        #expect(section.instructors.first?.email == "whitfid@rose-hulman.edu")
        let found = try context.search(crn, term: nil, limit: 5, now: Self.now)
        #expect(found.hits.contains { "\($0)".contains("CSSE474-01") })
        let room = try context.room("O159", term: nil, at: nil, now: Self.now)
        #expect(!room.bookings.isEmpty)
        let free = try context.freeRooms(at: .week(WeekMoment("M 10:00")!), minutes: 50, building: "O", term: nil, now: Self.now)
        #expect(!free.rooms.isEmpty)

        // The directory names the instructors: their schedules, overlays and meeting times follow.
        _ = try await context.syncDirectory(
            try context.directorySyncRequest(DirectorySyncOptions(ldif: TestCampus.packageRoot.appendingPathComponent("fixtures/directory.ldif").path)),
            now: Self.now, progress: { _ in })
        let teaching = try context.teaching(of: "whitfid", term: nil, now: Self.now)
        #expect(teaching.sections.contains { $0.section.id.rawValue == "CSSE474-01" })
        let ics = try context.iCalendar(of: teaching, now: Self.now)
        #expect(ics.contains("RRULE:FREQ=WEEKLY"))
        let colleague = try #require(try context.course("MA", term: nil, now: Self.now).sections
            .compactMap { $0.instructors.first?.username }.first { $0 != "whitfid" })
        let overlay = try await context.overlay(usernames: ["whitfid", colleague], owner: "registrar", roster: nil, term: nil,
                                                options: OverlayOptions(), now: Self.now)
        #expect(overlay.overlay.members.allSatisfy { !$0.busy.isEmpty })
        let meet = try context.meetings(in: overlay, minutes: 50, top: 3)
        #expect(!meet.suggestions.isEmpty)

        // The enrollment extract gives the class lists; the next crawl, which reads none, keeps them.
        let extract = campus.home.appendingPathComponent("extract.csv")
        let header = school == "northeastern" ? "TERM,CRN,USERNAME,NAME" : "TERM_CODE,CRN,USERNAME,STUDENT_NAME"
        try "\(header)\n202630,\(crn),brennam,\"Brennan, Morgan\"\n202630,\(crn),oyelarn,\"Oyelaran, Nia\"\n"
            .write(to: extract, atomically: true, encoding: .utf8)
        #expect(try context.importFiles([extract.path], now: Self.now).failures.isEmpty)
        let again = try await sync(context, .chosen(["202630"]))
        #expect(again.first?.result.swap != nil, "\(String(describing: again.first?.result.failure))")
        let kinds = try context.index().changes.found(ChangeQuery(term: TermCode("202630"))).flatMap(\.changes).map(\.kind)
        #expect(!kinds.contains(.instructorChanged), "the same pages again change no instructor, matched by e-mail or not: \(kinds)")
        #expect(try context.roster("CSSE474-01", term: "202630", now: Self.now).students.map(\.person.username) == ["brennam", "oyelarn"])
        #expect(try context.schedule(of: "brennam", term: "202630", now: Self.now).sections.map(\.section.id.rawValue) == ["CSSE474-01"])

        // A term the registrar does not offer is refused, naming those it does.
        await #expect {
            _ = try await sync(context, .chosen(["209910"]))
        } throws: { error in
            "\(error)".contains("209910") && "\(error)".contains("202630")
        }

        // A crawl failing midway keeps the term as it was.
        emulator.setBehaviour(EmulatorBehaviour(failAfterSuccesses: 5))
        let failed = try await sync(context, .chosen(["202630"]))
        await emulator.stop()
        #expect(failed.first?.result.swap == nil)
        #expect(try context.course("CSSE474", term: "202630", now: Self.now).sections.count == course.sections.count)
    }
}
