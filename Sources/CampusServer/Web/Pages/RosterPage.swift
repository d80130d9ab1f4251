import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/sections/{id}/roster?term=`: who is in the class, as much of each as the policy shows me
/// (the whole roster to its instructors and the registrar, names and e-mail to its students),
/// a link to e-mail the class, and the registrar's roster CSV. Anyone else gets 403 naming the rule.
extension WebApp {
    struct RosterView: Encodable {
        struct Student: Encodable {
            /// The student's JSON shape: what the API shows the same caller.
            var person: PersonShape
            /// Their card; `nil` for a row of whoever held the username before (it names someone else now).
            var href: String?
            /// The student's `mailto:` link, written by ``MailtoURI`` as every other; `nil` when
            /// their e-mail is withheld or none.
            var mailto: String?
        }

        var frame: PageFrame
        var id: String
        var title: String
        var termName: String
        var sectionHref: String
        var students: [Student]
        var count: String
        var mailtoClass: String?
        var csvHref: String
        var namesOnly: Bool
    }

    @Sendable func rosterPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let id = try sectionID(context)
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        let shown = try await service.roster(ofSection: id.rawValue, term: term, as: context.caller, now: service.now())
        let students = shown.answer.students.map { student in
            RosterView.Student(
                person: PersonShape(student.person).withholding(shown.withheld),
                href: student.heldBefore ? nil : "/people/" + PathSegment.encoded(student.person.username),
                mailto: shown.withheld.contains(.email) ? nil : student.person.email.flatMap(MailtoURI.single)?.description)
        }
        let emails = shown.withheld.contains(.email) ? [] : shown.answer.students.compactMap(\.person.email).filter(MailtoURI.isAddress)
        let section = shown.answer.sections.first { $0.id == id } ?? shown.answer.sections.first
        let query = PathSegment.query([("term", shown.answer.term.code.rawValue)])
        let view = RosterView(
            frame: frame("Roster of \(id.rawValue)", context), id: id.rawValue, title: section?.title ?? "",
            termName: shown.answer.term.name, sectionHref: "/sections/\(PathSegment.encoded(id.rawValue))\(query)", students: students,
            count: students.count == 1 ? "1 student" : "\(students.count) students",
            mailtoClass: emails.isEmpty ? nil : MailtoURI(to: [], bcc: emails, subject: "\(id.rawValue) \(section?.title ?? "")").description,
            csvHref: "/sections/\(PathSegment.encoded(id.rawValue))/roster.csv\(query)", namesOnly: shown.withheld.contains(.major))
        return try page(request, context, "roster", view)
    }

    /// `/sections/{id}/roster.csv?term=`: the registrar's roster CSV, as much as the policy shows me.
    @Sendable func rosterCSV(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let id = try sectionID(context)
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        let shown = try await service.roster(ofSection: id.rawValue, term: term, as: context.caller, now: service.now())
        return try download(request, context, RosterCSV(shown.answer, withholding: shown.withheld).text, type: "text/csv",
                            filename: "\(id.rawValue)-\(shown.answer.term.code.rawValue).csv")
    }
}
