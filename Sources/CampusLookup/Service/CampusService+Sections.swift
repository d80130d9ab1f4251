import CampusCore
import Foundation
internal import CampusIndex

extension CampusService {
    /// `GET /v1/courses/{idOrPrefix}`, `GET /v1/sections/{id}`: sections without their
    /// students, for any member the listings rule allows.
    public func course(_ query: String, term: String?, as caller: Caller, now: Date) throws(CampusError) -> CourseAnswer {
        _ = try requireMember(caller)
        _ = try policy.require(.listings, caller: caller, subject: "course listings")
        return try campus(for: caller).course(query, term: term, now: now)
    }

    /// `GET /v1/sections/{id}/roster`: a section's students, with every field for whom the
    /// roster rule allows (its instructors and the registrar under ferpa-strict), as names
    /// and e-mail only for whom the rosterNames rule allows (its students); suppressed
    /// students only for the registrar. Every answer is recorded as a disclosure. The
    /// operator may name a course (`CSSE474`) for the students of all its sections.
    public func roster(ofSection id: String, term: String?, as caller: Caller, now: Date) async throws(CampusError) -> Shown<RosterAnswer> {
        if caller.isOperator { return Shown(try campus(for: caller).roster(id, term: term, now: now)) }
        let viewer = try requireMember(caller)
        guard let section = SectionID(id.filter { !$0.isWhitespace }.uppercased()) else {
            throw .invalidParameter(name: "id", detail: "'\(id)' is not a section id such as CSSE474-02")
        }
        let scoped = campus(for: caller)
        let (answer, grant) = try scoped.read { (reader: IndexReader) throws -> (RosterAnswer, PolicyGrant) in
            let term = try scoped.requireTerm(term, reader, now: now)
            let answer = try scoped.roster(section.rawValue, term: term, reader)
            guard let grant = try rosterGrant(section, term: term.code, to: caller, reader) else {
                throw try forbidden(.roster, caller, subject: "the roster of \(section.rawValue)")
            }
            return (answer, grant)
        }
        try await record([Disclosure(
            at: now, viewer: viewer, record: .roster, subject: section.rawValue, term: answer.term.code.rawValue, rule: grant.description)], by: caller)
        let withheld: PersonFields = grant.rule == .rosterNames
            ? PersonFields.all.subtracting(.email)
            : withheld(from: caller, relations: .none).subtracting(.advisor)
        var shown = answer
        // Names only: a row of a username's holder before would name the one who holds it now.
        if grant.rule == .rosterNames { shown.students.removeAll(where: \.heldBefore) }
        return Shown(shown, withheld: withheld)
    }

    /// How much of the roster of `section` in `term` `caller` may see: the whole of it
    /// (``PolicyRule/roster``), names and e-mail (``PolicyRule/rosterNames``), or nothing (`nil`).
    /// Nothing is disclosed by asking: a page offers the roster only to whom it would show it.
    public func rosterAccess(ofSection section: SectionID, term: TermCode, as caller: Caller) throws(CampusError) -> PolicyRule? {
        guard caller.isMember else { return nil }
        return try campus(for: caller).read { reader in try rosterGrant(section, term: term, to: caller, reader)?.rule }
    }

    /// The grant that lets `caller` see the roster of `section`, whole before names only.
    func rosterGrant(_ section: SectionID, term: TermCode, to caller: Caller, _ reader: IndexReader) throws -> PolicyGrant? {
        guard let viewer = caller.username else { return nil }
        let relations = Relations(
            isInstructor: try reader.teaches(viewer, section: section, term: term),
            isEnrolled: try reader.isEnrolled(viewer, section: section, term: term))
        return policy.grant(.roster, to: caller, relations: relations) ?? policy.grant(.rosterNames, to: caller, relations: relations)
    }

    /// `GET /v1/rooms/{room}`: a room's week, and whether it is in use at a moment.
    public func room(_ name: String, term: String?, at moment: WeekMoment?, as caller: Caller, now: Date) throws(CampusError) -> RoomAnswer {
        _ = try requireMember(caller)
        _ = try policy.require(.listings, caller: caller, subject: "room schedules")
        return try campus(for: caller).room(name, term: term, at: moment, now: now)
    }

    /// `GET /v1/rooms/free`: the rooms with no class from a moment (now, by default) for `minutes`.
    public func freeRooms(
        at moment: FreeRoomsMoment, minutes: Int, building: String?, term: String?, as caller: Caller, now: Date
    ) throws(CampusError) -> FreeRoomsAnswer {
        _ = try requireMember(caller)
        _ = try policy.require(.listings, caller: caller, subject: "room schedules")
        return try campus(for: caller).freeRooms(at: moment, minutes: minutes, building: building, term: term, now: now)
    }

    /// The terms the index holds, newest first, without counts: what a page's term picker offers.
    public func heldTerms(as caller: Caller) throws(CampusError) -> [Term] {
        _ = try requireMember(caller)
        _ = try policy.require(.listings, caller: caller, subject: "the terms")
        return try campus.heldTerms()
    }

    /// `GET /v1/terms`: the terms held and offered; the counts leave out people the caller may not see.
    public func terms(as caller: Caller) throws(CampusError) -> [TermListing] {
        _ = try requireMember(caller)
        _ = try policy.require(.listings, caller: caller, subject: "the terms")
        return try campus(for: caller).termListings()
    }
}

/// A moment on the campus clock and whether classes meet on its day.
public struct CampusDay: Sendable {
    public var time: LocalTime
    /// Why no class meets that day by the term's calendar; `nil` when classes meet (or no calendar says).
    public var noClasses: NoClasses?
}

extension CampusService {
    /// `now` on the campus clock, and whether `term`'s classes meet that day.
    public func campusDay(_ now: Date, term: TermCode?) throws(CampusError) -> CampusDay {
        try campus.read { reader in
            let time = try campus.termClock(reader).zone.localTime(secondsSince1970: now.secondsSince1970)
            let calendar = try term.flatMap { try campus.campusDescription(reader).calendar.terms[$0] }
            return CampusDay(time: time, noClasses: calendar?.noClasses(on: time.date))
        }
    }
}
