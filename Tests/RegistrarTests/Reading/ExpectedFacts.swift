import Foundation

/// The facts `expected.json` (beside the real sample pages) holds for one page:
/// what an independent reference parser reads out of it.
struct ExpectedPage: Decodable {
    struct Meeting: Decodable {
        var days: String
        var start: String
        var end: String
        var room: String?
    }

    struct Exam: Decodable {
        var day: String
        var start: String
        var room: String?
    }

    struct Section: Decodable {
        var course: String
        var crn: String?
        var title: String
        var instructorName: String?
        var instructorUsername: String?
        var credits: Int?
        var enrolled: Int?
        var capacity: Int?
        var termSchedule: String
        var meetings: [Meeting]
        var comments: String?
        var finalExam: Exam?
        var termDates: String?
    }

    struct Student: Decodable {
        var username: String
        var name: String
        var bannerId: String?
        var major: String?
        var `class`: String?
        var year: String?
        var advisor: String?
        var email: String?
    }

    var file: String
    var heading: String
    var termCode: String
    var termName: String
    var header: [String: String?]
    var sections: [Section]
    var roster: [Student]

    /// Every page `expected.json` describes.
    static func all() throws -> [ExpectedPage] {
        let data = try Data(contentsOf: RegistrarTestFiles.samples.appendingPathComponent("expected.json"))
        return try JSONDecoder().decode([ExpectedPage].self, from: data)
    }
}
