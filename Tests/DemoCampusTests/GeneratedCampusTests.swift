import CampusCore
import Testing

@testable import DemoCampus

/// The generated truth is a campus that could exist: no clashes, counts that add up.
@Suite struct GeneratedCampusTests {
    let campus = CampusGenerator.generate(.demo)

    @Test func hasTheDemoSizeAndFourTerms() {
        #expect(campus.students.count == 400)
        #expect(campus.faculty.count >= 36 && campus.faculty.count <= 44)
        #expect(campus.terms.map(\.term.code.rawValue) == ["202610", "202620", "202630", "202640"])
        #expect(campus.terms.map(\.term.name) == ["Fall 2025-2026", "Winter 2025-2026", "Spring 2025-2026", "Summer 2025-2026"])
        for snapshot in campus.terms.prefix(3) {
            #expect((120...150).contains(snapshot.sections.count), "\(snapshot.term.code): \(snapshot.sections.count) sections")
        }
        #expect(campus.terms[3].sections.count < campus.terms[2].sections.count / 3)
    }

    @Test func enrolledCountsMatchTheRosters() {
        for snapshot in campus.terms {
            let counts = Dictionary(grouping: snapshot.enrollments, by: \.section).mapValues(\.count)
            for section in snapshot.sections.values {
                #expect(section.enrolled == counts[section.id, default: 0], "\(section.id) in \(snapshot.term.code)")
                #expect(section.enrolled! <= section.capacity!, "\(section.id) is over capacity")
            }
        }
    }

    @Test func studentsTakeThreeToFiveSectionsWithoutClashes() {
        for snapshot in campus.terms.prefix(3) {
            let byStudent = Dictionary(grouping: snapshot.enrollments, by: \.username)
            for (username, enrollments) in byStudent {
                #expect((1...5).contains(enrollments.count), "\(username) has \(enrollments.count) sections")
                let meetings = enrollments.flatMap { snapshot.sections[$0.section]!.schedule.meetings }
                #expect(!hasClash(meetings), "\(username) has a clash in \(snapshot.term.code)")
            }
            let loads = byStudent.values.map(\.count)
            #expect(Double(loads.filter { $0 >= 3 }.count) / Double(loads.count) > 0.9)
        }
    }

    @Test func roomsAndInstructorsAreNeverDoubleBookedExceptCrossListedTwins() {
        for snapshot in campus.terms {
            let sections = snapshot.sections.values.sorted { $0.id < $1.id }
            for (offset, first) in sections.enumerated() {
                for second in sections[(offset + 1)...] where !first.crossListedWith.contains(second.id) {
                    for a in first.schedule.meetings {
                        for b in second.schedule.meetings where a.overlaps(b) {
                            #expect(a.room != b.room, "\(first.id) and \(second.id) share \(a.room ?? "")")
                            let shared = Set(first.instructors.map(\.username)).intersection(second.instructors.map(\.username))
                            #expect(shared.isEmpty, "\(shared) teaches \(first.id) and \(second.id) at once")
                        }
                    }
                }
            }
        }
    }

    @Test func crossListedTwinsNameEachOtherAndMeetTogether() throws {
        let spring = try #require(campus.snapshot(for: TermCode("202630")!))
        let primary = try #require(spring.sections[SectionID("CSSE474-01")!])
        let twin = try #require(spring.sections[SectionID("MA474-01")!])
        #expect(primary.crossListedWith == [twin.id])
        #expect(twin.crossListedWith == [primary.id])
        #expect(primary.comments?.hasPrefix("Cross-listed w/ MA474-01") == true)
        #expect(primary.schedule == twin.schedule)
        #expect(primary.instructors == twin.instructors)
    }

    @Test func theDocumentedExamplesExistEveryTerm() {
        let examples = campus.examples
        for snapshot in campus.terms.prefix(3) {
            let taken = snapshot.enrollments.filter { $0.username == examples.student }
            #expect(taken.count == 5, "\(examples.student) takes \(taken.count) sections in \(snapshot.term.code)")
            let taught = snapshot.sections.values.filter { $0.instructors.contains { $0.username == examples.instructor } }
            #expect(taught.count >= 8, "\(examples.instructor) teaches \(taught.count) in \(snapshot.term.code)")
            #expect(snapshot.sections.values.contains { $0.schedule.meetings.contains { $0.room == examples.room } })
        }
        #expect(campus.person(examples.student)?.advisorUsername == examples.instructor)
    }

    @Test func meetingStringsCoverTheRealForms() {
        let raws = Set(campus.terms.flatMap { $0.sections.values.map(\.schedule.raw) })
        #expect(raws.contains("TBA"))
        #expect(raws.contains("TBA/TBA/ONLINE"))
        #expect(raws.contains(""))
        #expect(raws.contains { $0.contains("; ") })
        #expect(raws.contains { $0.hasPrefix("MTRF/") && !$0.contains("-") || $0.hasPrefix("MTRF/") && $0.hasSuffix("-1") })
        #expect(raws.contains { $0.contains(":00-") })
        let sections = campus.terms.flatMap(\.sections.values)
        #expect(sections.contains { $0.instructors.isEmpty })
        #expect(sections.contains { $0.finalExam != nil })
        #expect(sections.contains { $0.termDates != nil })
    }

    @Test func sameSeedSameCampusOtherSeedOtherCampus() {
        let again = CampusGenerator.generate(.demo)
        #expect(again.terms == campus.terms)
        #expect(again.students == campus.students)
        let other = CampusGenerator.generate(.demo(seed: 7))
        #expect(other.terms != campus.terms)
    }

    private func hasClash(_ meetings: [Meeting]) -> Bool {
        for (offset, meeting) in meetings.enumerated() where meetings[(offset + 1)...].contains(where: meeting.overlaps) {
            return true
        }
        return false
    }
}
