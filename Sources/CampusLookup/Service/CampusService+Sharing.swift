import CampusCore
import Foundation
internal import CampusIndex

/// `GET /v1/me/sharing`: what I share with whom, and who shares with me.
public struct SharingAnswer: Sendable {
    /// My consents that hold, the first given first.
    public var given: [Consent]
    /// Others' consents that show me their schedules: to me by name, to a group I own or am in,
    /// to a section I attend.
    public var received: [Consent]
}

/// `GET /v1/me/requests`: requests to share, to me and from me, the newest first.
public struct RequestsAnswer: Sendable {
    /// Requests to me not yet answered.
    public var incoming: [ConsentRequest]
    /// Mine; one declined reads as one not yet answered (a refusal is not told).
    public var outgoing: [ConsentRequest]
}

extension CampusService {
    /// `POST /v1/me/sharing`: the caller consents to show their schedule (of `term`, or of every
    /// term until revoked) to `with`: a person (`quinna`), the owner and members of one of their
    /// favorites groups (`@study`) or of a group shared with them (`@alice/study`), or the
    /// students of a section they attend (`section:CSSE120-01`, in `term` or the current one).
    ///
    /// - Throws: ``CampusError/invalidParameter(name:detail:)`` for oneself, a section not
    ///   attended, a bad term or purpose; ``CampusError/noMatch(what:query:suggestions:)`` for a
    ///   person or group unknown or not shown to the caller alike; ``CampusError/alreadyDone(_:)``
    ///   when the same consent holds; ``CampusError/limitReached(what:limit:advice:)``.
    public func share(with written: String, term: String?, purpose: String?, as caller: Caller, now: Date) async throws(CampusError) -> Consent {
        let grantor = try requireMember(caller)
        let purpose = try Self.purpose(purpose)
        let (audience, shownTerm) = try await audience(written, term: term, as: caller, now: now)
        let consent = Consent(id: String(SessionToken.make().prefix(12)), grantor: grantor, audience: audience, term: shownTerm,
                              purpose: purpose, givenAt: now)
        switch try await lookingUp({ try await state.addConsent(consent, limit: configuration.limits.consents) }) {
        case .added: return consent
        case .holdsAlready: throw .alreadyDone("you share that schedule with \(written.trimmingCharacters(in: .whitespaces))")
        case .tooMany: throw consentLimit
        }
    }

    /// Past `consents-per-person`.
    private var consentLimit: CampusError {
        .limitReached(what: "consents to share your schedule", limit: configuration.limits.consents, advice: "revoke one you no longer need first")
    }

    /// `GET /v1/me/sharing`: the caller's consents that hold, and the consents that reach them.
    public func sharing(as caller: Caller) async throws(CampusError) -> SharingAnswer {
        let viewer = try requireMember(caller)
        let attending = try campus.read { reader in try reader.enrollments(of: viewer) }
        let given = try samePeople(try await lookingUp { try await state.consents(grantor: viewer, includingRevoked: false) })
        let received = try samePeople(try await lookingUp { try await state.consents(reaching: viewer, attending: attending, from: nil) })
        return SharingAnswer(given: given, received: received)
    }

    /// The groups shared with the caller by their owners (the caller among their members now),
    /// to lay over as `@owner/group`.
    public func groupsShared(as caller: Caller) async throws(CampusError) -> [(owner: String, name: String)] {
        let viewer = try requireMember(caller)
        return try samePeople(try await lookingUp { try await state.groupsShared(with: viewer) }).compactMap { consent in
            guard case .group(let owner, let name) = consent.audience else { return nil }
            return (owner, name)
        }
    }

    /// `DELETE /v1/me/sharing/{id}`: revokes one of the caller's consents; from now on nothing
    /// it showed is shown by it (the API, the web app, feeds, overlays, meetings, favorites).
    public func revokeSharing(id: String, as caller: Caller, now: Date) async throws(CampusError) {
        let grantor = try requireMember(caller)
        switch try await lookingUp({ try await state.revokeConsent(id: id, grantor: grantor, at: now) }) {
        case .revoked: return
        case .revokedAlready: throw .alreadyDone("you revoked the consent \(id)")
        case .none: throw .noMatch(what: "consent of yours", query: id, suggestions: [])
        }
    }

    /// `POST /v1/me/requests`: asks `recipient` to share their schedule with the caller. The
    /// answer says nothing of them the directory rule does not: one unknown and one not shown
    /// to the caller are alike not found.
    ///
    /// - Throws: ``CampusError/alreadyDone(_:)`` when they share with the caller already or a request to
    ///   them waits; ``CampusError/tooOften(what:limit:retryAfter:)`` past `requests-per-day`.
    public func ask(_ recipient: String, purpose: String?, as caller: Caller, now: Date) async throws(CampusError) -> ConsentRequest {
        let sender = try requireMember(caller)
        let recipient = recipient.lowercased()
        let purpose = try Self.purpose(purpose)
        guard recipient != sender else { throw .invalidParameter(name: "to", detail: "you see your own schedule already: ask someone else") }
        _ = try policy.require(.directory, caller: caller, subject: "people")
        _ = try campus(for: caller).read { reader in try policySubject(recipient, reader) }
        if try await consents(to: caller, from: [recipient]).namesCaller(recipient) {
            throw .alreadyDone("\(recipient) shares their schedule of every term with you")
        }
        let request = ConsentRequest(id: String(SessionToken.make().prefix(12)), sender: sender, recipient: recipient, purpose: purpose, sentAt: now)
        switch try await lookingUp({ try await state.sendRequest(request, perDay: configuration.limits.requestsPerDay) }) {
        case .sent: return request
        case .askedAlready: throw .alreadyDone("you asked \(recipient) to share")
        case .tooMany(let until):
            throw .tooOften(what: "ask people to share", limit: "\(configuration.limits.requestsPerDay) times a day",
                            retryAfter: max(1, Int(until.timeIntervalSince(now).rounded(.up))))
        }
    }

    /// `GET /v1/me/requests`: requests to the caller waiting for an answer, and their own.
    public func requests(as caller: Caller) async throws(CampusError) -> RequestsAnswer {
        let username = try requireMember(caller)
        let all = try samePeople(try await lookingUp { try await state.requests(involving: username) })
        return RequestsAnswer(
            incoming: all.filter { $0.recipient == username && $0.answer == .pending },
            outgoing: all.filter { $0.sender == username }.map { request in
                guard request.answer == .declined else { return request }
                var told = request
                told.answer = .pending
                told.answeredAt = nil
                return told
            })
    }

    /// `POST /v1/me/requests/{id}/accept`: consents to show the request's sender the caller's
    /// schedule of every term, until revoked, for the purpose the request named.
    public func acceptRequest(id: String, as caller: Caller, now: Date) async throws(CampusError) -> Consent {
        guard let consent = try await answerRequest(id: id, accept: true, as: caller, now: now) else {
            throw .failed("accepting the request \(id) gave no consent")
        }
        return consent
    }

    /// `POST /v1/me/requests/{id}/decline`: the sender is not told (their request reads as not yet answered).
    public func declineRequest(id: String, as caller: Caller, now: Date) async throws(CampusError) {
        _ = try await answerRequest(id: id, accept: false, as: caller, now: now)
    }

    /// Answers a request to the caller, once; the consent accepting it gave.
    private func answerRequest(id: String, accept: Bool, as caller: Caller, now: Date) async throws(CampusError) -> Consent? {
        let recipient = try requireMember(caller)
        // A request to someone who held this username before is no request to the caller.
        let mine = try samePeople(try await lookingUp { try await state.requests(involving: recipient) })
        guard mine.contains(where: { $0.id == id && $0.recipient == recipient }) else {
            throw .noMatch(what: "request to you", query: id, suggestions: [])
        }
        let consentID = String(SessionToken.make().prefix(12))
        let outcome = try await lookingUp {
            try await state.answerRequest(
                id: id, recipient: recipient, answer: accept ? .accepted : .declined, at: now, limit: configuration.limits.consents
            ) { request in
                Consent(id: consentID, grantor: recipient, audience: .person(request.sender), term: nil, purpose: request.purpose, givenAt: now)
            }
        }
        switch outcome {
        case .answered(let consent): return consent
        case .answeredAlready: throw .alreadyDone("you answered the request \(id)")
        case .tooMany: throw consentLimit
        case .none: throw .noMatch(what: "request to you", query: id, suggestions: [])
        }
    }

    /// What `with` names, checked: the audience, and the term whose schedule it is given
    /// (`nil`: every term).
    private func audience(_ written: String, term: String?, as caller: Caller, now: Date) async throws(CampusError) -> (Consent.Audience, TermCode?) {
        let grantor = try requireMember(caller)
        let text = written.trimmingCharacters(in: .whitespaces)
        let shownTerm = try term.map { text throws(CampusError) in try campus.read { reader in try campus.requireTerm(text, reader, now: now).code } }
        if text.hasPrefix("section:") {
            guard let section = SectionID(text.dropFirst("section:".count)) else {
                throw .invalidParameter(name: "with", detail: "'\(text.prefix(40))' names no section: write section: and its id, e.g. section:CSSE120-01")
            }
            return try campus.revealing(.person(grantor)).read { reader in
                let sectionTerm = try shownTerm.map { try campus.requireTerm($0.rawValue, reader, now: now) }
                    ?? campus.requireTerm(nil, reader, for: grantor, now: now)
                guard try reader.isEnrolled(grantor, section: section, term: sectionTerm.code) else {
                    throw CampusError.noMatch(what: "section you attend in \(sectionTerm.name)", query: section.rawValue, suggestions: [])
                }
                return (.section(section, term: sectionTerm.code), shownTerm)
            }
        }
        if text.hasPrefix("@") {
            let parts = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let (owner, group) = parts.count == 2 ? (parts[0].lowercased(), parts[1]) : (grantor, parts.joined(separator: "/"))
            try Self.checkGroupName(group)
            let known: Bool
            if owner == grantor {
                known = try await !lookingUp { try await state.favorites(owner: grantor, group: group) }.isEmpty
            } else {
                known = try samePeople(try await lookingUp { try await state.groupsShared(with: grantor) })
                    .contains { $0.audience == .group(owner: owner, name: group) }
            }
            guard known else {
                throw .noMatch(what: owner == grantor ? "favorites group of yours with people in it" : "group shared with you", query: text, suggestions: [])
            }
            return (.group(owner: owner, name: group), shownTerm)
        }
        let username = text.lowercased()
        guard !username.isEmpty else {
            throw .invalidParameter(name: "with", detail: "name someone: a username, @group, or section:ID")
        }
        guard username != grantor else {
            throw .invalidParameter(name: "with", detail: "you see your own schedule already: name someone else")
        }
        _ = try policy.require(.directory, caller: caller, subject: "people")
        _ = try campus(for: caller).read { reader in try policySubject(username, reader) }
        return (.person(username), shownTerm)
    }

    /// A consent's or request's purpose: the default when not given; one line of at most
    /// ``CampusCore/Consent/purposeLength`` characters (Unicode scalars: combining marks count,
    /// so no one character carries a page), shown to the other person as written: no control
    /// character, direction mark or override, invisible format character, filler or line
    /// separator (but the joiner and selectors inside emoji) that would show it otherwise, and
    /// something visible in it.
    private static func purpose(_ given: String?) throws(CampusError) -> String {
        let text = given?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !text.isEmpty else { return Consent.defaultPurpose }
        guard text.unicodeScalars.count <= Consent.purposeLength else {
            throw .invalidParameter(name: "purpose", detail: "\(text.unicodeScalars.count) characters: say it in at most \(Consent.purposeLength)")
        }
        guard VisibleText.isPlain(text), Self.showsAsWritten(text) else {
            throw .invalidParameter(
                name: "purpose",
                detail: "one line of plain text with something to read in it, without control characters or invisible or direction marks (such as U+200B, U+200E, U+202E, U+2028)")
        }
        return text
    }

    /// Whether `text` shows as written: each scalar one that shows, or the joiner between two
    /// emoji, or a presentation selector after one; and at least one letter, digit, punctuation
    /// or symbol that is not drawn blank.
    static func showsAsWritten(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        let hidden: Set<Unicode.GeneralCategory> = [.control, .format, .lineSeparator, .paragraphSeparator, .surrogate]
        // Pictures, not the digits, `#`, `*`, © and ® that are emoji too only as parts of a sequence.
        func isPicture(_ index: Int) -> Bool {
            scalars.indices.contains(index) && scalars[index].properties.isEmoji && scalars[index].value >= 0x2000
        }
        for (index, scalar) in scalars.enumerated() {
            switch scalar {
            case "\u{200D}":
                guard isPicture(index - 1) || (scalars.indices.contains(index - 1) && ["\u{FE0F}", "\u{FE0E}"].contains(scalars[index - 1])),
                      isPicture(index + 1)
                else { return false }
            case "\u{FE0E}", "\u{FE0F}": guard index > 0, scalars[index - 1].properties.isEmoji else { return false }
            default: if hidden.contains(scalar.properties.generalCategory) || scalar.properties.isDefaultIgnorableCodePoint { return false }
            }
        }
        // Marks alone show nothing, nor do the symbols and fillers that are drawn blank.
        let visible: Set<Unicode.GeneralCategory> = [
            .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber, .otherNumber,
            .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
            .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .privateUse, .unassigned,
        ]
        let blank: Set<Unicode.Scalar> = ["\u{2800}", "\u{FFFC}", "\u{1D159}", "\u{16FE4}"]
        return scalars.contains { visible.contains($0.properties.generalCategory) && !blank.contains($0) }
    }
}
