import CampusCore
import CampusLookup
import Foundation
import HTTPTypes
import Hummingbird

/// A request's query parameters, read as the route documents them: each wrong one is a
/// 400 naming it and saying what it wants. Read from the raw query as forms send it
/// (`+` is a space, `%2B` a plus), the first of a repeated name winning.
struct QueryParameters {
    let values: [String: String]

    init(request: Request) {
        var values: [String: String] = [:]
        for pair in (request.uri.query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map {
                $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            guard let name = parts.first, values[name] == nil else { continue }
            values[name] = parts.count > 1 ? parts[1] : ""
        }
        self.values = values
    }

    /// The text of `name`, when given (and not empty).
    func text(_ name: String, maximumLength: Int = 200) throws -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        guard value.unicodeScalars.count <= maximumLength else {
            throw CampusError.invalidParameter(name: name, detail: "at most \(maximumLength) characters")
        }
        guard !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw CampusError.invalidParameter(name: name, detail: "control characters are not allowed")
        }
        return value
    }

    /// A whole number from `range`.
    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = try text(name, maximumLength: 20) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw CampusError.invalidParameter(name: name, detail: "'\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// `limit` and `cursor`.
    func paging() throws -> Paging {
        try Paging(limit: integer("limit", in: 1...Paging.maximumLimit), cursor: text("cursor"))
    }

    /// A moment as RFC 3339 / ISO 8601 (`2026-11-24T09:00:00Z`).
    func date(_ name: String) throws -> Date? {
        guard let text = try text(name, maximumLength: 40) else { return nil }
        guard let date = try? Date(text, strategy: .iso8601) else {
            throw CampusError.invalidParameter(name: name, detail: "'\(text)' is not a moment such as 2026-11-24T09:00:00Z")
        }
        return date
    }

    /// A moment of the week: `M 9:00`, `thu 1:30pm`.
    func moment(_ name: String) throws -> WeekMoment? {
        guard let text = try text(name, maximumLength: 20) else { return nil }
        guard let moment = WeekMoment(text) else {
            throw CampusError.invalidParameter(name: name, detail: "'\(text)' is not a day and a time such as 'M 9:00' or 'thu 1:30pm'")
        }
        return moment
    }

    /// One of `allowed`.
    func choice(_ name: String, _ allowed: [String]) throws -> String? {
        guard let text = try text(name, maximumLength: 40) else { return nil }
        guard allowed.contains(text) else {
            throw CampusError.invalidParameter(name: name, detail: "'\(text)' is not one of \(allowed.joined(separator: ", "))")
        }
        return text
    }
}

extension Parameters {
    /// A path parameter, percent-decoded, with the same checks as a query's.
    func text(_ name: String, maximumLength: Int = 100) throws -> String {
        guard let raw = get(name), !raw.isEmpty else { throw CampusError.invalidParameter(name: name, detail: "missing") }
        guard let value = raw.contains("%") ? raw.removingPercentEncoding : raw, !value.isEmpty else {
            throw CampusError.invalidParameter(name: name, detail: "'\(raw.prefix(40))' is not valid percent-encoding")
        }
        guard value.unicodeScalars.count <= maximumLength, !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw CampusError.invalidParameter(name: name, detail: "at most \(maximumLength) characters, and no control characters")
        }
        return value
    }
}
