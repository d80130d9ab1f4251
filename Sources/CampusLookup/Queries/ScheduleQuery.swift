import CampusCore
import CampusIndex
import Foundation

/// A person's classes in one term: what they take and what they teach.
public struct ScheduleAnswer: Sendable {
    public var term: Term
    public var person: Person
    public var sections: [ScheduledSection]

    /// Labelled meetings for the weekly grid.
    public var gridMeetings: [(label: String, meeting: Meeting)] {
        sections.flatMap { scheduled in scheduled.section.schedule.meetings.map { (scheduled.section.id.rawValue, $0) } }
    }

    /// Sections without a scheduled time (TBA, online, empty).
    public var unscheduled: [ScheduledSection] {
        sections.filter { $0.section.schedule.meetings.isEmpty }
    }
}

extension CampusContext {
    /// `campus schedule USER`: the person's sections in a term, sorted by first meeting.
    ///
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` when the index has no such person.
    public func schedule(of username: String, term choice: TermChoice?, now: Date) throws -> ScheduleAnswer {
        let store = try openIndex()
        let username = username.lowercased()
        guard let person = try store.person(username) else {
            throw CampusError.noMatch(what: "person", query: username,
                                      suggestions: try store.suggestions(for: username, limit: 5))
        }
        let term = try resolveTerm(choice, in: store, for: username, now: now)
        let schedule = try store.schedule(of: username, term: term.code)
        let sorted = schedule.sections.sorted { Self.firstMeetingOrder($0.section) < Self.firstMeetingOrder($1.section) }
        return ScheduleAnswer(term: term, person: try store.withAdvisorName(schedule.person ?? person), sections: sorted)
    }

    /// Sections sort by their earliest weekly meeting; unscheduled ones last, by id.
    static func firstMeetingOrder(_ section: Section) -> (Int, Int, String) {
        guard let first = section.schedule.meetings.min(by: {
            ($0.days.first?.rawValue ?? 9, $0.start.minutes) < ($1.days.first?.rawValue ?? 9, $1.start.minutes)
        }) else { return (9, 0, section.id.rawValue) }
        return (first.days.first?.rawValue ?? 9, first.start.minutes, section.id.rawValue)
    }
}

extension CampusContext {
    /// `campus instructor USER`: the sections a person teaches in a term.
    ///
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` when they teach nothing that term.
    public func teaching(of username: String, term choice: TermChoice?, now: Date) throws -> ScheduleAnswer {
        var answer = try schedule(of: username, term: choice, now: now)
        answer.sections = answer.sections.filter { $0.role == .instructor }
        guard !answer.sections.isEmpty else {
            throw CampusError.noMatch(what: "section taught in \(answer.term.name) by", query: username, suggestions: [])
        }
        return answer
    }
}
