import CampusCore
import CampusLookup
import Foundation
import Hummingbird

/// `/alerts`: my inbox of change alerts with its unread count, and what I hear about and how;
/// `/alerts/unsubscribe`: the link in every alert e-mail, which turns e-mail off without a log-in.
extension WebApp {
    struct AlertsView: Encodable, Sendable {
        struct Entry: Encodable, Sendable {
            var at: String
            var subject: String
            var changes: [String]
            var unread: Bool
            var emailed: Bool
        }

        var frame: PageFrame
        var configured: Bool
        var unread: Int
        var unreadText: String
        var inbox: [Entry]
        var email: Bool
        var daily: Bool
        var follows: String
        var rooms: String
        var people: String
        var notice: String?
    }

    @Sendable func alertsPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        let notice: String? = switch QueryParameters(request: request).values["done"] {
        case "saved": "Saved: you hear about what you chose from now on."
        case "read": "Marked read."
        default: nil
        }
        return try await alertsPage(request, context, notice: notice)
    }

    /// `POST /alerts`: e-mail on or off, as it happens or daily, the sections, rooms and people followed.
    @Sendable func saveAlerts(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        struct AlertsForm: Decodable {
            var csrf: String?
            var email: String?
            var delivery: String?
            var follows: String?
            var rooms: String?
            var people: String?
        }
        _ = try member(context)
        let form = try await form(AlertsForm.self, request, context)
        try checkForm(form.csrf, context)
        let lines = { (text: String?) in
            (text ?? "").split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        _ = try await service.setMyAlerts(
            email: form.email == "on", daily: form.delivery == "daily", follows: lines(form.follows), rooms: lines(form.rooms),
            people: lines(form.people), as: context.caller, now: service.now())
        return redirect(to: "/alerts?done=saved")
    }

    /// `POST /alerts/read`: every alert in my inbox read.
    @Sendable func readAlertsPage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        _ = try member(context)
        try await checkButton(request, context)
        _ = try await service.markAlertsRead(as: context.caller, now: service.now())
        return redirect(to: "/alerts?done=read")
    }

    private func alertsPage(_ request: Request, _ context: CampusRequestContext, notice: String?) async throws -> Response {
        let mine = try await service.myAlerts(as: context.caller)
        let view = AlertsView(
            frame: frame("Alerts", context, current: "/alerts"), configured: mine.configured, unread: mine.unread,
            unreadText: mine.unread == 0 ? "Nothing unread" : "\(CountedText.text(mine.unread, "unread alert"))",
            inbox: mine.inbox.map { alert in
                AlertsView.Entry(
                    at: when(alert.deliveredAt ?? alert.queuedAt), subject: alert.subject ?? "", changes: alert.lines,
                    unread: alert.readAt == nil, emailed: alert.status == .sent)
            },
            email: mine.preferences.email, daily: mine.preferences.daily,
            follows: mine.preferences.sections.map { "\($0.term.rawValue) \($0.section.rawValue)" }.joined(separator: "\n"),
            rooms: mine.preferences.rooms.joined(separator: "\n"), people: mine.preferences.people.joined(separator: "\n"),
            notice: notice)
        return try page(request, context, "alerts", view)
    }

    struct UnsubscribeView: Encodable, Sendable {
        var frame: PageFrame
        var username: String
        var action: String
        var done: Bool
    }

    /// `GET /alerts/unsubscribe?u=&t=`: asks before turning e-mail off (a link scanner that opens
    /// every link in a message turns nothing off).
    @Sendable func unsubscribePage(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let (username, signature) = try unsubscribeLink(request)
        guard try await service.unsubscribeLinkHolds(username: username, signature: signature) else { throw Self.invalidLink }
        return try page(request, context, "unsubscribe", UnsubscribeView(
            frame: frame("Stop alert e-mails", context), username: username, action: request.uri.description, done: false))
    }

    /// `POST /alerts/unsubscribe?u=&t=`: the one-click unsubscribe of RFC 8058 (a mail program
    /// posts `List-Unsubscribe=One-Click`), or the button of the page above; no log-in needed.
    @Sendable func unsubscribe(_ request: Request, _ context: CampusRequestContext) async throws -> Response {
        let (username, signature) = try unsubscribeLink(request)
        do {
            try await service.unsubscribe(username: username, signature: signature, now: service.now())
        } catch .invalidParameter {
            throw Self.invalidLink
        }
        return try page(request, context, "unsubscribe", UnsubscribeView(
            frame: frame("Stop alert e-mails", context), username: username, action: request.uri.description, done: true))
    }

    private static let invalidLink = HTTPProblem(
        status: .forbidden, kind: "invalid-link", title: "This link is not valid",
        detail: "it is not the one an alert e-mail gave you. Use the link in your latest alert, or log in and go to Alerts.")

    /// The username and signature of an unsubscribe link.
    private func unsubscribeLink(_ request: Request) throws -> (String, String) {
        let parameters = QueryParameters(request: request)
        guard let username = try parameters.text("u", maximumLength: 64), let signature = try parameters.text("t", maximumLength: 64) else {
            throw Self.invalidLink
        }
        return (username.lowercased(), signature)
    }
}
