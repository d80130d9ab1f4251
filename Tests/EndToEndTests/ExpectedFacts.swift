import Foundation
import Testing

/// Compares `campus ... --json` output with the reference parser's facts in
/// `../shared/registrar-samples/expected.json`. Field names differ; facts may not.
enum ExpectedFacts {
    /// Every fact the reference parser reads for a section.
    static func checkSection(_ expected: [String: Any], _ actual: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        let id = expected["course"] as? String ?? "?"
        func same(_ actualValue: Any?, _ expectedValue: Any?, _ field: String) {
            #expect(normalised(actualValue) == normalised(expectedValue), "\(id) \(field)", sourceLocation: sourceLocation)
        }
        same(actual["id"], expected["course"], "course")
        same(actual["crn"], expected["crn"], "crn")
        same(actual["title"], expected["title"], "title")
        let instructors = actual["instructors"] as? [[String: Any]] ?? []
        same(instructors.first?["name"], expected["instructorName"], "instructor name")
        same(instructors.first?["username"], expected["instructorUsername"], "instructor username")
        same(actual["credits"], expected["credits"], "credits")
        same(actual["enrolled"], expected["enrolled"], "enrolled")
        same(actual["capacity"], expected["capacity"], "capacity")
        same(actual["schedule"], expected["termSchedule"], "term schedule")
        same(actual["comments"], expected["comments"], "comments")
        same(actual["termDates"], expected["termDates"], "term dates")
        let meetings = actual["meetings"] as? [[String: Any]] ?? []
        let expectedMeetings = expected["meetings"] as? [[String: Any]] ?? []
        #expect(meetings.count == expectedMeetings.count, "\(id) meeting count", sourceLocation: sourceLocation)
        for (meeting, expectedMeeting) in zip(meetings, expectedMeetings) {
            for field in ["days", "start", "end", "room"] { same(meeting[field], expectedMeeting[field], "meeting \(field)") }
        }
        let exam = actual["finalExam"] as? [String: Any]
        let expectedExam = expected["finalExam"] as? [String: Any]
        #expect((exam == nil) == (expectedExam == nil), "\(id) final exam presence", sourceLocation: sourceLocation)
        if let exam, let expectedExam {
            for field in ["day", "start", "room"] { same(exam[field], expectedExam[field], "final exam \(field)") }
        }
    }

    /// Sections keyed by id, so order does not matter.
    static func checkSections(_ expected: [[String: Any]], _ actual: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(actual.count == expected.count, "section count", sourceLocation: sourceLocation)
        let byID = Dictionary(actual.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
        for section in expected {
            let id = section["course"] as? String ?? ""
            guard let found = byID[id] else {
                Issue.record("missing section \(id)", sourceLocation: sourceLocation)
                continue
            }
            checkSection(section, found, sourceLocation: sourceLocation)
        }
    }

    /// A roster line: username, name, Banner ID, major, class, year, advisor, e-mail.
    static func checkStudent(_ expected: [String: Any], _ actual: [String: Any], sourceLocation: SourceLocation = #_sourceLocation) {
        let advisor = (actual["advisor"] as? [String: Any])?["username"] ?? actual["advisor"]
        let pairs: [(Any?, Any?, String)] = [
            (actual["username"], expected["username"], "username"), (actual["name"], expected["name"], "name"),
            (actual["bannerId"], expected["bannerId"], "banner id"), (actual["major"], expected["major"], "major"),
            (actual["class"], expected["class"], "class"), (actual["year"], expected["year"], "year"),
            (advisor, expected["advisor"], "advisor"), (actual["email"], expected["email"], "email"),
        ]
        for (actualValue, expectedValue, field) in pairs {
            #expect(normalised(actualValue) == normalised(expectedValue), "\(expected["username"] ?? "?") \(field)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Values as comparable text; JSON null and absence are the same.
    static func normalised(_ value: Any?) -> String? {
        switch value {
        case nil, is NSNull: nil
        case let number as NSNumber: number.stringValue
        case let text as String: text
        default: "\(value!)"
        }
    }
}
