import CampusCore
import Foundation
import Registrar
import Testing

/// The Banner 9 reader reaches every fact of the real `searchResults` answers in
/// `../shared/registrar-samples/banner9/`: each section is checked against the answer's own
/// JSON, read here key by key without the reader's types, and a few against values
/// copied from the files by hand.
@Suite struct Banner9ConformanceTests {
    static let files = ["tru-201820-COMP.json", "tru-201820-ECON.json"]

    private func read(_ file: String) throws -> (page: ParsedPage, raw: [[String: Any]]) {
        let url = RegistrarTestFiles.samples.appendingPathComponent("banner9/\(file)")
        let bytes = try [UInt8](Data(contentsOf: url))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let raw = try #require(object["data"] as? [[String: Any]])
        return (try PageReader.banner9.read(bytes, source: url.path), raw)
    }

    @Test(arguments: files)
    func readsEverySectionAsTheAnswerHasIt(file: String) throws {
        let (page, raw) = try read(file)
        #expect(page.kind == .courseSearch)
        #expect(page.term == Term(code: TermCode("201820")!, name: "Winter 2018 (Jan-Apr)"))
        #expect(page.warnings.isEmpty, "\(page.warnings)")
        try #require(page.sections.count == raw.count)
        for (section, entry) in zip(page.sections, raw) {
            let label = Comment(rawValue: section.id.rawValue)
            #expect(section.id.rawValue == "\(entry["subjectCourse"]!)-\(entry["sequenceNumber"]!)", label)
            #expect(section.crn == entry["courseReferenceNumber"] as? String, label)
            #expect(section.title == entry["courseTitle"] as? String, label)
            #expect(section.capacity == entry["maximumEnrollment"] as? Int, label)
            #expect(section.enrolled == entry["enrollment"] as? Int, label)
            #expect(section.waitlist?.capacity == entry["waitCapacity"] as? Int, label)
            #expect(section.waitlist?.count == entry["waitCount"] as? Int, label)
            #expect(section.campus == entry["campusDescription"] as? String, label)
            #expect(section.scheduleType == entry["scheduleTypeDescription"] as? String, label)
            #expect(section.crossListGroup == entry["crossList"] as? String, label)
            #expect(section.linkIdentifier == ((entry["isSectionLinked"] as? Bool) == true ? entry["linkIdentifier"] as? String : nil), label)
            expectInstructors(section, entry["faculty"] as? [[String: Any]] ?? [], label)
            expectMeetings(section, (entry["meetingsFaculty"] as? [[String: Any]] ?? []).compactMap { $0["meetingTime"] as? [String: Any] }, label)
        }
    }

    private func expectInstructors(_ section: CampusCore.Section, _ faculty: [[String: Any]], _ label: Comment) {
        #expect(section.instructors.map(\.email) == faculty.map { $0["emailAddress"] as? String }, label)
        #expect(section.instructors.map(\.isPrimary) == faculty.map { $0["primaryIndicator"] as? Bool ?? false }, label)
        #expect(section.instructors.map(\.name) == faculty.map { ($0["displayName"] as? String ?? "").replacingOccurrences(of: "&#39;", with: "'") }, label)
        #expect(section.instructors.allSatisfy { $0.username == nil }, label)
    }

    private func expectMeetings(_ section: CampusCore.Section, _ times: [[String: Any]], _ label: Comment) {
        let timed = times.filter { $0["beginTime"] is String }
        #expect(section.schedule.meetings.count == timed.count, label)
        #expect(section.schedule.isToBeAnnounced == timed.isEmpty, label)
        for (meeting, time) in zip(section.schedule.meetings, timed) {
            let days = zip(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"], "MTWRFSU")
                .filter { time[$0.0] as? Bool == true }.map(\.1)
            #expect(meeting.days.letters == String(days), label)
            #expect(meeting.start.iso.replacingOccurrences(of: ":", with: "") == time["beginTime"] as? String, label)
            #expect(meeting.end.iso.replacingOccurrences(of: ":", with: "") == time["endTime"] as? String, label)
            let room = [time["buildingDescription"] as? String, time["room"] as? String].compactMap { $0 }.joined(separator: " ")
            #expect(meeting.room == room, label)
            #expect(meeting.dates.map { "\(usDate($0.first))-\(usDate($0.last))" } == "\(time["startDate"]!)-\(time["endDate"]!)", label)
            #expect(meeting.kind == (time["meetingScheduleType"] as? String == "LAB" ? .lab : .class), label)
        }
    }

    private func usDate(_ date: CalendarDate) -> String {
        func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        return "\(two(date.month))/\(two(date.day))/\(date.year)"
    }

    @Test func readsOneSectionAsThePageShowsIt() throws {
        let section = try #require(try read("tru-201820-COMP.json").page.sections.first)
        #expect(section.id.rawValue == "COMP1020-01")
        #expect(section.crn == "20425")
        #expect(section.title == "Introduction to Spreadsheets (0,1,0)")
        #expect(section.credits == 1)
        #expect(section.creditRange == nil)
        #expect(section.instructors == [InstructorRef(name: "Pouw, Frank", username: nil, email: "fpouw@tru.ca", isPrimary: true)])
        #expect(section.schedule.meetings == [Meeting(
            days: [.tuesday], start: ClockTime(hour: 11, minute: 30)!, end: ClockTime(hour: 12, minute: 20)!,
            room: "Old Main Building 1350", kind: .class,
            dates: DateRange(first: CalendarDate(year: 2018, month: 1, day: 8)!, last: CalendarDate(year: 2018, month: 4, day: 28)!))])
        #expect(section.schedule.raw == "T 11:30am-12:20pm Old Main Building 1350")
        #expect((section.enrolled, section.capacity) == (39, 39))
        #expect(section.waitlist == Waitlist(capacity: 100, count: 9))
    }

    @Test func readsVariableCreditsLinksAndCrossLists() throws {
        let sections = try read("tru-201820-COMP.json").page.sections
        // creditHours 3 within "0 OR 3": the section's own 3, the course's choice kept.
        let chosen = try #require(sections.first { $0.creditRange != nil && $0.credits == 3 })
        #expect(chosen.creditRange == CreditRange(low: 0, high: 3, joiner: .or))
        #expect(chosen.creditRange?.text == "0 or 3")
        let comp1130 = sections.filter { $0.id.course == "COMP1130" && $0.crossListGroup != nil }
        #expect(comp1130.map(\.crossListGroup) == ["DR", "DS"])
        #expect(comp1130.allSatisfy { $0.crossListedWith.isEmpty }, "DR and DS are two groups of one section each")
        let groupAB = sections.filter { $0.crossListGroup == "AB" }.map(\.id.rawValue)
        #expect(groupAB == ["COMP3520-01", "COMP4530-01"])
        #expect(sections.first { $0.id.rawValue == "COMP3520-01" }?.crossListedWith.map(\.rawValue) == ["COMP4530-01"])
        #expect(sections.filter { $0.linkIdentifier != nil }.count == 57)
        #expect(sections.contains { $0.schedule.meetings.contains { $0.kind == .lab } })
    }

    @Test func meetingsWithoutATimeAreToBeAnnouncedAndKeepTheirPlace() throws {
        let sections = try read("tru-201820-ECON.json").page.sections
        let shanghai = try #require(sections.first { $0.id.rawValue == "ECON1950-SH1" })
        #expect(shanghai.schedule.isToBeAnnounced)
        #expect(shanghai.schedule.meetings.isEmpty)
        #expect(shanghai.schedule.raw == "TBA Shanghai")
        #expect(shanghai.campus == "Accreditation Agreements")
        let early = try #require(sections.first { $0.schedule.meetings.contains { $0.dates?.last == CalendarDate(year: 2018, month: 3, day: 2) } })
        #expect(early.schedule.meetings.first?.dates?.first == CalendarDate(year: 2018, month: 1, day: 8))
    }

    @Test func namesAreUnescaped() throws {
        let names = try read("tru-201820-COMP.json").page.sections.flatMap(\.instructors).map(\.name)
        #expect(names.contains("O'Neil, Kevin"))
        #expect(!names.contains { $0.contains("&#") })
    }
}

/// Banner 9 answers that are not what they should be are refused, naming the answer and
/// what was wrong.
@Suite struct Banner9BadAnswerTests {
    private func refusal(_ text: String) -> PageReadError? {
        RegistrarTestFiles.refusal(of: text, by: .banner9)
    }

    @Test func jsonThatDoesNotParseIsNamed() throws {
        let error = try #require(refusal(#"{"success": true, "totalCount": 3, "data": [{"term": "2018"#))
        guard case .unexpectedAnswer(let source, _) = error else { Issue.record("\(error)"); return }
        #expect(source == "page.html")
        #expect(error.description.contains("searchResults"))
    }

    @Test func aSectionMissingAKeyNamesTheKey() throws {
        let error = try #require(refusal(#"{"success": true, "totalCount": 1, "data": [{"term": "201820"}]}"#))
        guard case .unexpectedAnswer(_, let detail) = error else { Issue.record("\(error)"); return }
        #expect(detail.contains("missing key termDesc"), "\(detail)")
    }

    @Test func aRefusedSearchSaysWhy() throws {
        let error = try #require(refusal(#"{"success": false, "totalCount": 0, "data": null}"#))
        #expect(error == .searchRefused(source: "page.html"))
        #expect(error.description.contains("term/search"))
    }

    @Test func aPageOfALongerAnswerIsReadWithAWarning() throws {
        let page = try PageReader.banner9.read(Array(#"{"success": true, "totalCount": 40, "pageOffset": 0, "data": []}"#.utf8), source: "a.json")
        #expect(page.sections.isEmpty)
        #expect(page.warnings.map(\.message) == ["the answer holds sections 1-0 of 40; the rest are on later pages (pageOffset)"])
    }

    @Test func termsAndSubjectsAreToldApartByTheirCodes() throws {
        let terms = try PageReader.banner9.read(Array(#"[{"code": "201820", "description": "Winter 2018 (Jan-Apr)"}]"#.utf8), source: "t.json")
        #expect(terms.kind == .termList)
        #expect(terms.terms == [Term(code: TermCode("201820")!, name: "Winter 2018 (Jan-Apr)")])
        let subjects = try PageReader.banner9.read(Array(#"[{"code": "COMP", "description": "Computing"}]"#.utf8), source: "s.json")
        #expect(subjects.kind == .subjectList)
        #expect(subjects.subjects == ["COMP"])
    }

    @Test func anEmptyAnswerIsEmpty() throws {
        #expect(refusal("  \n") == .empty(source: "page.html"))
    }
}
