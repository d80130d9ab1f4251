import CampusCore
import Foundation
internal import CampusIndex

extension CampusService {
    /// `GET /v1/search`, `campus search`: people, sections and rooms matching `query`, less
    /// what the policy hides: people without the directory rule, sections and rooms
    /// without the listings rule; suppressed people only for whom the policy reveals them.
    ///
    /// - Parameter kinds: the kinds of match wanted (people, sections, rooms); all when empty.
    public func search(
        _ query: String, kinds: Set<SearchHitKind>, term: String?, limit: Int, department: String?,
        affiliation: Affiliation?, as caller: Caller, now: Date
    ) throws(CampusError) -> Shown<SearchAnswer> {
        _ = try requireMember(caller)
        var wanted = kinds.isEmpty ? Set(SearchHitKind.allCases) : kinds
        if policy.grant(.directory, to: caller) == nil { wanted.remove(.person) }
        if policy.grant(.listings, to: caller) == nil { wanted.subtract([.section, .room]) }
        guard !wanted.isEmpty else {
            throw try forbidden(kinds.contains(.person) || kinds.isEmpty ? .directory : .listings, caller, subject: "search results")
        }
        let scoped = campus(for: caller)
        var answer = try scoped.search(query, term: term, limit: limit, department: department, affiliation: affiliation, now: now)
        answer.hits = answer.hits.filter { wanted.contains($0.kind) }
        guard !answer.hits.isEmpty else {
            throw CampusError.noMatch(what: wanted.map(\.rawValue).sorted().joined(separator: ", "), query: answer.query, suggestions: [])
        }
        let strangers = withheld(from: caller, relations: .none)
        guard !strangers.isEmpty else { return Shown(answer) }
        let people = answer.hits.compactMap { if case .person(let person, _) = $0 { person } else { nil } }
        let withheldOf = try scoped.read { reader in try withheld(ofEach: people, from: caller, strangers: strangers, reader) }
        return Shown(answer, withheld: strangers, withheldOf: withheldOf)
    }

    /// What is withheld of each person from `caller` who relates to them (themselves, their
    /// advisees, their students); `strangers` of the rest.
    func withheld(ofEach people: [Person], from caller: Caller, strangers: PersonFields, _ reader: IndexReader) throws -> [String: PersonFields] {
        var fields: [String: PersonFields] = [:]
        for person in people {
            let relations = try relate(caller, to: person, term: nil, consents: .none, reader)
            guard relations != .none else { continue }
            fields[person.username.lowercased()] = withheld(from: caller, relations: relations)
        }
        return fields
    }

    /// `GET /v1/people/{username}`: the contact card, the advisor only for whom the
    /// schedule rule allows; the same 404 for an unknown and a suppressed person.
    public func person(_ username: String, as caller: Caller, now: Date) async throws(CampusError) -> Shown<ContactAnswer> {
        try await card(username, as: caller, includePhoto: false)
    }

    /// `GET /v1/people/{username}` as `text/vcard`: the card as vCard 4.0, the photo inline.
    public func vCard(_ username: String, as caller: Caller) async throws(CampusError) -> String {
        let shown = try await card(username, as: caller, includePhoto: true)
        var card = shown.answer.card
        if shown.withheld.contains(.advisor) {
            card.person.advisorName = nil
            card.person.advisorUsername = nil
        }
        let organization = try campus.read { reader in try campus.campusDescription(reader).name }
        return VCardWriter(organization: organization).write(card)
    }

    /// `campus email USER`: the person's `mailto:` URI, for whom the directory rule allows.
    ///
    /// - Throws: ``CampusError/noEmail(username:)`` when the index has no plain address for them.
    public func email(of username: String, as caller: Caller) async throws(CampusError) -> MailtoURI {
        let person = try await card(username, as: caller, includePhoto: false).answer.card.person
        guard let mailto = person.email.flatMap(MailtoURI.single) else { throw .noEmail(username: person.username) }
        return mailto
    }

    /// `GET /v1/people/{username}/photo`: the directory's JPEG.
    public func photo(_ username: String, as caller: Caller) async throws(CampusError) -> [UInt8] {
        let shown = try await card(username, as: caller, includePhoto: true)
        guard let photo = shown.answer.card.photo else { throw .noPhoto(username: shown.answer.card.person.username) }
        return photo
    }

    /// The card, with the person's classes where a consent of theirs shows them; a consent
    /// shows no card of someone the directory suppresses (it names their schedule only).
    private func card(_ username: String, as caller: Caller, includePhoto: Bool) async throws(CampusError) -> Shown<ContactAnswer> {
        _ = try requireMember(caller)
        let subject = username.lowercased()
        _ = try policy.require(.directory, caller: caller, subject: "\(subject)'s card")
        let consents = try await consents(to: caller, from: [subject])
        let scoped = campus(for: caller)
        return try scoped.read { reader in
            var relations = Relations.none
            let answer = try scoped.contact(of: subject, includePhoto: includePhoto, reader) { person in
                relations = try relate(caller, to: person, term: nil, consents: consents, reader)
                return try termsShown(of: person, to: caller, consents: consents, reader)
            }
            return Shown(answer, withheld: withheld(from: caller, relations: relations)).made(under: consents)
        }
    }

    /// The terms of `person`'s classes `caller` may see, newest first: each term they take or
    /// teach in that the schedule rule allows `caller` in (as `schedule?term=` would), and
    /// under the listings rule the terms they teach in. The terms they take are read only for
    /// a caller the schedule rule allows in some term.
    func termsShown(of person: Person, to caller: Caller, consents: GivenConsents, _ reader: IndexReader) throws -> [TermCode] {
        var terms: Set<TermCode> = []
        if policy.grant(.schedule, to: caller, relations: try relate(caller, to: person, term: nil, consents: consents, reader)) != nil {
            // Decided over the terms the index holds, the same for everyone, then met with theirs:
            // what it costs does not tell how many terms they have classes in.
            let allowed = try termsAllowed(caller, of: PolicySubject(person), among: reader.heldTerms().map(\.code), consents, reader)
            terms.formUnion(Set(allowed).intersection(try reader.terms(for: person.username)))
        }
        if policy.grant(.listings, to: caller) != nil { terms.formUnion(try reader.teachingTerms(of: person.username)) }
        return terms.sorted(by: >)
    }

    /// The term a schedule asked without one shows: the current or newest of the person's
    /// terms the caller may see, else of the terms the caller may see at all (else the current
    /// one, which the rule then refuses): never a choice that tells of the person's other terms.
    private func defaultTerm(
        of subject: PolicySubject, to caller: Caller, consents: GivenConsents, in scoped: CampusContext, _ reader: IndexReader, now: Date
    ) throws(CampusError) -> Term {
        let visible = try lookingUp { try termsAllowed(caller, of: subject, among: reader.heldTerms().map(\.code), consents, reader) }
        let taken = Set(try lookingUp { try reader.terms(for: subject.username) })
        let personal = visible.filter(taken.contains)
        guard let term = try scoped.resolveTerm(nil, reader, among: personal.isEmpty ? visible : personal, now: now) else { throw .noTerms }
        return term
    }

    /// Those of `terms` in which the schedule rule allows `caller` the schedule of `subject`,
    /// as `schedule?term=` decides for each; all of them, unread, when what allows it holds
    /// in every term (being them, their advisor, a role).
    func termsAllowed(_ caller: Caller, of subject: PolicySubject, among terms: [TermCode], _ consents: GivenConsents, _ reader: IndexReader) throws -> [TermCode] {
        let everyTerm = Relations(
            isSelf: caller.isSelf(subject.username),
            isAdvisor: caller.username != nil && subject.advisorUsername?.lowercased() == caller.username)
        if policy.grant(.schedule, to: caller, relations: everyTerm) != nil { return terms }
        return try terms.filter { term in
            policy.grant(.schedule, to: caller, relations: try relate(caller, to: subject, term: term, consents: consents, reader)) != nil
        }
    }

    /// How much of a person's classes `caller` may see, given their relations to them: all
    /// under the schedule rule, what they teach under the listings rule, else nothing.
    func classesShown(to caller: Caller, relations: Relations) -> ClassesShown {
        if policy.grant(.schedule, to: caller, relations: relations) != nil { return .all }
        return policy.grant(.listings, to: caller) != nil ? .teaching : .none
    }

    /// `GET /v1/people/{username}/schedule`: the person's classes in a term, for whom the
    /// schedule rule allows (themselves, their advisor, their instructors that term, the
    /// registrar and whom the person consented to under ferpa-strict); recorded as a
    /// disclosure unless asked by themselves.
    ///
    /// The rule is applied before anything the person takes is read: first to the caller's
    /// relations in any term (a caller it cannot allow is refused at once, at the same cost
    /// whatever the person holds), then to the term shown.
    public func schedule(of username: String, term: String?, as caller: Caller, now: Date) async throws(CampusError) -> Shown<ScheduleAnswer> {
        let viewer = try requireMember(caller)
        let subject = username.lowercased()
        let consents = try await consents(to: caller, from: [subject])
        let scoped = campus(for: caller, consents)
        var (answer, grant, relations) = try scoped.read { (reader: IndexReader) throws -> (ScheduleAnswer, PolicyGrant, Relations) in
            let asked = try policySubject(subject, reader)
            let described = "the schedule of \(subject)"
            let anyTerm = try relate(caller, to: asked, term: nil, consents: consents, reader)
            _ = try policy.require(.schedule, caller: caller, relations: anyTerm, subject: described)
            let shownTerm = try term != nil
                ? scoped.requireTerm(term, reader, now: now)
                : defaultTerm(of: asked, to: caller, consents: consents, in: scoped, reader, now: now)
            let relations = try relate(caller, to: asked, term: shownTerm.code, consents: consents, reader)
            let grant = try policy.require(.schedule, caller: caller, relations: relations, subject: described)
            return (try scoped.schedule(of: try reader.knownPerson(subject), in: shownTerm, reader), grant, relations)
        }
        if !grant.isSelf {
            try await record([Disclosure(at: now, viewer: viewer, record: .schedule, subject: subject, term: answer.term.code.rawValue, rule: grant.description)], by: caller)
        }
        if consents.shownByConsentOnly.contains(subject) {
            answer.person = answer.person.shownByConsent
            return Shown(answer, withheld: .all).made(under: consents)
        }
        return Shown(answer, withheld: withheld(from: caller, relations: relations)).made(under: consents)
    }

    /// `GET /v1/people/{username}/history`: every section the person took or taught, term by
    /// term as the schedule rule allows each (an instructor sees the terms they taught the
    /// person in, as `schedule?term=` would show them, and no other); recorded as a disclosure.
    /// As ``schedule(of:term:as:now:)``, the rule is applied before anything is read of it.
    public func history(of username: String, as caller: Caller, now: Date) async throws(CampusError) -> Shown<HistoryAnswer> {
        let viewer = try requireMember(caller)
        let subject = username.lowercased()
        let consents = try await consents(to: caller, from: [subject])
        let scoped = campus(for: caller, consents)
        var (answer, grant, relations) = try scoped.read { (reader: IndexReader) throws -> (HistoryAnswer, PolicyGrant, Relations) in
            let relations = try relate(caller, to: try policySubject(subject, reader), term: nil, consents: consents, reader)
            let grant = try policy.require(.schedule, caller: caller, relations: relations, subject: "the history of \(subject)")
            var answer = try scoped.history(of: subject, reader)
            answer.terms = try answer.terms.filter { held in
                let inTerm = try relate(caller, to: answer.person, term: held.term.code, consents: consents, reader)
                return policy.grant(.schedule, to: caller, relations: inTerm) != nil
            }
            return (answer, grant, relations)
        }
        if !grant.isSelf {
            try await record([Disclosure(at: now, viewer: viewer, record: .history, subject: subject, term: nil, rule: grant.description)], by: caller)
        }
        if consents.shownByConsentOnly.contains(subject) {
            answer.person = answer.person.shownByConsent
            return Shown(answer, withheld: .all).made(under: consents)
        }
        return Shown(answer, withheld: withheld(from: caller, relations: relations)).made(under: consents)
    }

    /// `GET /v1/instructors/{username}/sections`: what a person teaches in a term, a listing
    /// (no students) for any member the listings rule allows.
    public func teaching(of username: String, term: String?, as caller: Caller, now: Date) throws(CampusError) -> Shown<ScheduleAnswer> {
        _ = try requireMember(caller)
        _ = try policy.require(.listings, caller: caller, subject: "the sections \(username) teaches")
        let subject = username.lowercased()
        var answer = try campus(for: caller).teaching(of: subject, term: term, now: now)
        let relations = Relations(isSelf: caller.isSelf(subject))
        if policy.grant(.schedule, to: caller, relations: relations) == nil {
            answer.person.advisorName = nil
            answer.person.advisorUsername = nil
        }
        return Shown(answer, withheld: withheld(from: caller, relations: relations))
    }

    /// The caller's relations to a person: themselves, their advisor, an instructor of theirs,
    /// one they consented to show (in `term`, or in any term when `nil`). What it reads costs the same whatever the person
    /// takes (``IndexReader/teaches(_:student:term:)`` walks the caller's sections).
    func relate(_ caller: Caller, to subject: PolicySubject, term: TermCode?, consents: GivenConsents, _ reader: IndexReader) throws -> Relations {
        guard let viewer = caller.username, !caller.isOperator else { return .none }
        if caller.isSelf(subject.username) { return Relations(isSelf: true) }
        return Relations(
            isAdvisor: subject.advisorUsername?.lowercased() == viewer,
            isInstructor: try reader.teaches(viewer, student: subject.username, term: term),
            isConsented: consents.reach(subject.username, term: term))
    }

    /// ``relate(_:to:term:consents:_:)`` of a person already read.
    func relate(_ caller: Caller, to person: Person, term: TermCode?, consents: GivenConsents, _ reader: IndexReader) throws -> Relations {
        try relate(caller, to: PolicySubject(person), term: term, consents: consents, reader)
    }

    /// The person `username` as the policy decides on them, read without anything they hold;
    /// an unknown and a suppressed username alike are ``CampusError/noMatch(what:query:suggestions:)``.
    func policySubject(_ username: String, _ reader: IndexReader) throws -> PolicySubject {
        guard let subject = try reader.policySubject(username) else { throw try reader.unknownPerson(username) }
        return subject
    }

    /// The denial of `rule` for `caller`.
    func forbidden(_ rule: PolicyRule, _ caller: Caller, subject: String) throws(CampusError) -> CampusError {
        guard caller.isMember else { return .unauthenticated }
        return .forbidden(policy: policy.name, rule: rule.rawValue, covers: rule.covers,
                          allowed: policy.allowed(rule).map(\.description), subject: subject)
    }
}
