internal import CampusIndex
import CampusCore
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
    /// `campus schedule USER`: the person's sections in a term, sorted by first meeting,
    /// in one read of the index.
    ///
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` when the index has no such person,
    ///   ``CampusError/noTerms`` when it holds no term.
    func schedule(of username: String, term: String?, now: Date) throws(CampusError) -> ScheduleAnswer {
        try read { reader in try schedule(of: username.lowercased(), term: term, now: now, reader) }
    }

    /// `campus instructor USER`: the sections a person teaches in a term.
    ///
    /// - Throws: ``CampusError/teachesNothing(username:term:)`` when they teach nothing that term.
    ///
    /// Without a term: the current or newest of the terms they teach in, chosen and read
    /// without what they take, so neither the answer nor its timing tells of that.
    func teaching(of username: String, term: String?, now: Date) throws(CampusError) -> ScheduleAnswer {
        let username = username.lowercased()
        let answer = try read { reader in
            let person = try reader.knownPerson(username)
            let shown = try term != nil
                ? requireTerm(term, reader, now: now)
                : resolveTerm(nil, reader, among: try lookingUp { try reader.teachingTerms(of: username) }, now: now)
            guard let shown else { throw CampusError.noTerms }
            return try schedule(of: person, in: shown, showing: .teaching, reader)
        }
        guard !answer.sections.isEmpty else {
            throw .teachesNothing(username: answer.person.username, term: "\(answer.term.name) (\(answer.term.code))")
        }
        return answer
    }

    func schedule(of username: String, term: String?, now: Date, _ reader: IndexReader) throws -> ScheduleAnswer {
        let person = try reader.knownPerson(username)
        return try schedule(of: person, in: try requireTerm(term, reader, for: username, now: now), reader)
    }

    /// The classes of `person` (as shown) in `term`, once the term is decided: all of them,
    /// or only what they teach when that is all a lookup may show.
    func schedule(of person: Person, in term: Term, showing classes: ClassesShown = .all, _ reader: IndexReader) throws -> ScheduleAnswer {
        guard classes != .none else { return ScheduleAnswer(term: term, person: person, sections: []) }
        let schedule = try reader.schedule(of: person.username.lowercased(), term: term.code, teachingOnly: classes == .teaching)
        let sorted = schedule.sections.sorted { Self.firstMeetingOrder($0.section) < Self.firstMeetingOrder($1.section) }
        return ScheduleAnswer(term: term, person: try reader.withAdvisorName(schedule.person ?? person), sections: sorted)
    }

    /// Sections sort by their earliest weekly meeting; unscheduled ones last, by id.
    static func firstMeetingOrder(_ section: Section) -> (Int, Int, String) {
        guard let first = section.schedule.meetings.min(by: {
            ($0.days.first?.rawValue ?? 9, $0.start.minutes) < ($1.days.first?.rawValue ?? 9, $1.start.minutes)
        }) else { return (9, 0, section.id.rawValue) }
        return (first.days.first?.rawValue ?? 9, first.start.minutes, section.id.rawValue)
    }
}
