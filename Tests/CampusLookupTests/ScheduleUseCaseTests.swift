import CampusCore
@testable import CampusLookup
import Foundation
import Testing

@Suite("Schedules, rosters, courses, rooms, terms and history, on the demo campus in memory")
struct ScheduleUseCaseTests {
    @Test("a schedule defaults to the current term on campus, sorted by first meeting, the advisor named")
    func schedule() async throws {
        let campus = try await DemoIndex.campus()
        let answer = try campus.schedule(of: "brennam", term: nil, now: DemoIndex.now)
        #expect(answer.term.code.rawValue == "202630")
        #expect(answer.sections.map(\.section.id.rawValue) == ["CSSE415-03", "PH235-01", "CHEM111-02", "CSSE474-01", "CSSE497-02"])
        #expect(answer.person.advisorName == "Dana Whitfield")
        #expect(answer.unscheduled.map(\.section.id.rawValue) == ["CSSE497-02"])
        #expect(try campus.schedule(of: "brennam", term: "next", now: DemoIndex.now).term.code.rawValue == "202640")
    }

    @Test("someone without classes in the term asked for is named with the term")
    func teaching() async throws {
        let campus = try await DemoIndex.campus()
        let answer = try campus.teaching(of: "whitfid", term: "202630", now: DemoIndex.now)
        #expect(!answer.sections.isEmpty && answer.sections.allSatisfy { $0.role == .instructor })
        #expect(throws: CampusError.teachesNothing(username: "brennam", term: "Spring 2025-2026 (202630)")) {
            try campus.teaching(of: "brennam", term: "202630", now: DemoIndex.now)
        }
    }

    @Test("a roster of a section and of a whole course; suppressed students are left out")
    func roster() async throws {
        let campus = try await DemoIndex.campus()
        let section = try campus.roster("csse474-01", term: nil, now: DemoIndex.now)
        #expect(section.sections.map(\.id.rawValue) == ["CSSE474-01"])
        #expect(section.students.contains { $0.person.username == "brennam" })
        #expect(section.students.allSatisfy { $0.person.username != "ashbye" })
        let course = try campus.roster("CSSE474", term: nil, now: DemoIndex.now)
        #expect(course.sections.count > 1)
        #expect(Set(course.students.map(\.section)).count == course.sections.count)
        let jarvis = try #require(section.students.first { $0.person.username == "jarvisb" })
        #expect(jarvis.givenName == "Bellamy" && jarvis.familyName == "Jarvis")
    }

    @Test("a course prefix lists its sections; a room at a moment says who is in it")
    func courseAndRoom() async throws {
        let campus = try await DemoIndex.campus()
        let course = try campus.course("csse 4", term: nil, now: DemoIndex.now)
        #expect(course.query == "CSSE4")
        #expect(course.sections.allSatisfy { $0.id.rawValue.hasPrefix("CSSE4") })
        let moment = try #require(WeekMoment("M 10:10"))
        let room = try campus.room("o159", term: nil, at: moment, now: DemoIndex.now)
        #expect(room.room == "O159")
        #expect(room.inSession.map(\.section.id.rawValue) == ["BE351-01"])
        let free = try campus.room("O159", term: nil, at: WeekMoment("M 12:00"), now: DemoIndex.now)
        #expect(free.inSession.isEmpty)
        #expect { try campus.room("O1", term: nil, at: nil, now: DemoIndex.now) } throws: { error in
            guard case .noMatch(_, _, let suggestions) = error as? CampusError else { return false }
            return suggestions.contains("O159")
        }
    }

    @Test("terms list what the index holds and the registrar offered; history spans every term")
    func termsAndHistory() async throws {
        let campus = try await DemoIndex.campus()
        let terms = try campus.termListings()
        #expect(terms.map(\.term.code.rawValue) == ["202640", "202630", "202620", "202610"])
        #expect(terms.allSatisfy { $0.offered && $0.summary?.crawledAt == DemoIndex.now })
        let history = try campus.history(of: "whitfid")
        #expect(history.terms.map(\.term.code.rawValue) == ["202640", "202630", "202620", "202610"])
    }

    @Test("an iCalendar file lays the schedule on the stored term calendar; text and mailto follow it")
    func exports() async throws {
        let campus = try await DemoIndex.campus()
        let answer = try campus.schedule(of: "brennam", term: "202630", now: DemoIndex.now)
        let ics = try campus.iCalendar(of: answer, now: DemoIndex.now)
        #expect(ics.contains("BEGIN:VCALENDAR") && ics.contains("TZID:America/Indiana/Indianapolis"))
        #expect(ics.contains("UID:202630-CSSE474-01-m0-brennam@campus-lookup"))
        #expect(ics.contains("DTSTAMP:20260316T141000Z"))
        let mailto = answer.mailto(to: "advisor@rose-hulman.edu")
        #expect("\(mailto)".hasPrefix("mailto:advisor@rose-hulman.edu?subject=Morgan%20Brennan"))
    }
}
