import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

extension APIRoutes {
    /// `GET /v1/search?q=&type=&dept=&affiliation=&term=&limit=&cursor=`.
    @Sendable func search(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let query = QueryParameters(request: request)
        let text = try query.text("q") ?? ""
        let kinds = Set(try query.choice("type", SearchHitKind.allCases.map(\.rawValue)).flatMap(SearchHitKind.init).map { [$0] } ?? [])
        let department = try query.text("dept")
        let affiliation = try query.choice("affiliation", ["student", "faculty", "staff"]).flatMap(Affiliation.init)
        let term = try query.text("term", maximumLength: 40)
        let paging = try query.paging()
        return try await answerer.lookup(request, context) { _ in
            let shown = try service.search(
                text, kinds: kinds, term: term, limit: min(paging.offset + paging.limit + 1, SearchAnswer.maximumLimit), department: department,
                affiliation: affiliation, as: context.caller, now: service.now())
            return .json(SearchShape(shown, paging: paging))
        }
    }

    /// `GET /v1/people/{username}`: the card as JSON, or `text/vcard`.
    @Sendable func person(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let username = try context.parameters.text("username")
        return try await answerer.lookup(request, context, offering: ["application/json", "text/vcard"], consentsOf: username) { type in
            // A vCard holds no classes: no consent changes it.
            if type == "text/vcard" { return (.text(try await service.vCard(username, as: context.caller), type: "text/vcard"), "") }
            let shown = try await service.person(username, as: context.caller, now: service.now())
            return (.json(ContactShape(shown.answer).withholding(shown.withheld)), shown.consents)
        }
    }

    /// `GET /v1/people/{username}/photo`: the directory's JPEG.
    @Sendable func photo(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let username = try context.parameters.text("username")
        return try await answerer.lookup(request, context, offering: ["image/jpeg"]) { _ in
            .bytes(try await service.photo(username, as: context.caller), type: "image/jpeg")
        }
    }

    /// `GET /v1/people/{username}/schedule?term=`: JSON, `text/calendar` (the ICS) or `text/plain` (the e-mail text).
    @Sendable func schedule(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let username = try context.parameters.text("username")
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        return try await answerer.lookup(request, context, offering: ["application/json", "text/calendar", "text/plain"], consentsOf: username) { type in
            let now = service.now()
            let shown = try await service.schedule(of: username, term: term, as: context.caller, now: now)
            switch type {
            case "text/calendar": return (.text(try service.iCalendar(of: shown.answer, now: now), type: "text/calendar"), shown.consents)
            case "text/plain":
                let text = ScheduleText(shown.answer)
                return (.text(text.heading + "\n" + text.lines, type: "text/plain"), shown.consents)
            default: return (.json(ScheduleShape(shown.answer, withholding: shown.withheld)), shown.consents)
            }
        }
    }

    /// `GET /v1/people/{username}/history`.
    @Sendable func history(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let username = try context.parameters.text("username")
        return try await answerer.lookup(request, context, consentsOf: username) { _ in
            let shown = try await service.history(of: username, as: context.caller, now: service.now())
            return (.json(HistoryShape(shown.answer, withholding: shown.withheld)), shown.consents)
        }
    }

    /// `GET /v1/instructors/{username}/sections?term=`.
    @Sendable func teaching(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let username = try context.parameters.text("username")
        let term = try QueryParameters(request: request).text("term", maximumLength: 40)
        return try await answerer.lookup(request, context) { _ in
            let shown = try service.teaching(of: username, term: term, as: context.caller, now: service.now())
            return .json(ScheduleShape(shown.answer, withholding: shown.withheld))
        }
    }
}
