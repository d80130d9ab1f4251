import CampusCore
import Foundation

/// What some registrars say of a section beyond what every one does (Banner's credit
/// ranges, campus, schedule type, waitlist, links and cross-list group, the dates of its
/// final exam), kept in one JSON column of `sections` (`particulars`), `NULL` when the
/// registrar said none of it: a reg-sched.pl section reads no JSON.
struct SectionParticulars: Codable {
    var creditRange: CreditRange?
    var campus: String?
    var scheduleType: String?
    var waitlist: Waitlist?
    var linkIdentifier: String?
    var crossListGroup: String?
    var finalDates: DateRange?
    /// The final exam's end, in minutes after midnight.
    var finalEnd: Int?

    init(_ section: Section) {
        creditRange = section.creditRange
        campus = section.campus
        scheduleType = section.scheduleType
        waitlist = section.waitlist
        linkIdentifier = section.linkIdentifier
        crossListGroup = section.crossListGroup
        finalDates = section.finalExam?.dates
        finalEnd = section.finalExam?.end?.minutes
    }

    /// Whether the registrar said none of it.
    var isEmpty: Bool {
        creditRange == nil && campus == nil && scheduleType == nil && waitlist == nil && linkIdentifier == nil
            && crossListGroup == nil && finalDates == nil && finalEnd == nil
    }

    /// The column's text: `nil` when there is nothing to keep.
    var json: String? {
        guard !isEmpty, let data = try? JSONEncoder().encode(self) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads the column's text.
    ///
    /// - Throws: `DecodingError` when it is not what ``json`` writes.
    static func read(_ json: String?) throws -> SectionParticulars? {
        try json.map { try JSONDecoder().decode(SectionParticulars.self, from: Data($0.utf8)) }
    }

    /// Fills `section` with what is kept here.
    func fill(_ section: inout Section) {
        section.creditRange = creditRange
        section.campus = campus
        section.scheduleType = scheduleType
        section.waitlist = waitlist
        section.linkIdentifier = linkIdentifier
        section.crossListGroup = crossListGroup
        section.finalExam?.dates = finalDates
        section.finalExam?.end = finalEnd.flatMap(ClockTime.init(minutes:))
    }
}
