/// A Banner 9 `searchResults/searchResults` answer, as the server sends it.
///
/// Only the fields campus-lookup reads are declared; the rest are ignored.
struct Banner9SearchResults: Decodable {
    var success: Bool
    var totalCount: Int
    var pageOffset: Int?
    /// `null` when the search failed (no term bound, an expired session).
    var data: [Banner9Section]?
}

/// One section of a `searchResults` answer.
struct Banner9Section: Decodable {
    var term: String
    var termDesc: String
    var courseReferenceNumber: String
    var subject: String
    var courseNumber: String
    var sequenceNumber: String
    var courseTitle: String
    var campusDescription: String?
    var scheduleTypeDescription: String?
    var creditHours: Double?
    var creditHourLow: Double?
    var creditHourHigh: Double?
    /// `OR` or `TO` between ``creditHourLow`` and ``creditHourHigh``.
    var creditHourIndicator: String?
    var maximumEnrollment: Int?
    var enrollment: Int?
    var waitCapacity: Int?
    var waitCount: Int?
    /// The cross-list group code, shared by the sections cross-listed together.
    var crossList: String?
    var isSectionLinked: Bool?
    var linkIdentifier: String?
    var faculty: [Banner9Faculty]
    var meetingsFaculty: [Banner9MeetingFaculty]
}

/// An instructor of a section.
struct Banner9Faculty: Decodable {
    /// `Pouw, Frank`, HTML-escaped (`O&#39;Neil, Kevin`).
    var displayName: String
    var emailAddress: String?
    var primaryIndicator: Bool?
}

/// One meeting of a section.
struct Banner9MeetingFaculty: Decodable {
    var meetingTime: Banner9MeetingTime
}

/// When and where a meeting is.
struct Banner9MeetingTime: Decodable {
    /// `1130`; `null` when to be announced.
    var beginTime: String?
    var endTime: String?
    var monday: Bool
    var tuesday: Bool
    var wednesday: Bool
    var thursday: Bool
    var friday: Bool
    var saturday: Bool
    var sunday: Bool
    var building: String?
    var buildingDescription: String?
    var room: String?
    /// `01/08/2018`.
    var startDate: String?
    var endDate: String?
    /// `LEC`, `LAB`.
    var meetingScheduleType: String?
    /// `CLAS`, `EXAM`, where the server sends it.
    var meetingType: String?
    var meetingTypeDescription: String?
}

/// A `classSearch/getTerms` answer's entry: `{"code": "201820", "description": "Winter 2018 (Jan-Apr)"}`.
struct Banner9Term: Decodable {
    var code: String
    var description: String
}
