internal import CampusIndex
import CampusCore
import Foundation

/// A person's contact card and where to see their schedule.
public struct ContactAnswer: Sendable {
    /// The registrar person with the directory laid over it.
    public var card: ContactCard
    /// The newest indexed term the person has classes in, if any; of those the caller may
    /// see (what they teach, to one the policy shows no more).
    public var scheduleTerm: TermCode?
    /// The registrar's page of that schedule, when a registrar URL is configured.
    public var scheduleURL: URL?
    /// When the directory was last synced into the index; nil if never.
    public var directorySyncedAt: Date?

    /// The command that shows the person's schedule.
    public var scheduleCommand: String { "campus schedule \(card.person.username)" }
}

extension CampusContext {
    /// `campus person USER`: the person's contact card, in one read of the index (no
    /// lookup waits on the directory or the registrar).
    ///
    /// A person the directory marks suppressed is not found, like an unknown one.
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` with close usernames.
    func contact(of username: String) throws(CampusError) -> ContactAnswer {
        try read { reader in try contact(of: username.lowercased(), includePhoto: false, reader) }
    }

    /// `campus person USER --vcard`: the card as a vCard 4.0 (RFC 6350), photo included.
    func vCard(of username: String) throws(CampusError) -> String {
        try read { reader in
            let answer = try contact(of: username.lowercased(), includePhoto: true, reader)
            return VCardWriter(organization: try campusDescription(reader).name).write(answer.card)
        }
    }

    /// `campus photo USER`: the directory's JPEG of the person, byte for byte.
    ///
    /// - Throws: ``CampusError/noPhoto(username:)`` when the directory has none.
    func photo(of username: String) throws(CampusError) -> [UInt8] {
        let answer = try read { reader in try contact(of: username.lowercased(), includePhoto: true, reader) }
        guard let photo = answer.card.photo else { throw .noPhoto(username: answer.card.person.username) }
        return photo
    }

    /// The card of `username`, read in `reader`.
    ///
    /// - Parameter terms: the terms of the person's classes the card may point to, newest first,
    ///   decided from the person as shown; every term they take or teach a class in when it gives `nil`.
    func contact(
        of username: String, includePhoto: Bool, _ reader: IndexReader, terms: (Person) throws -> [TermCode]? = { _ in nil }
    ) throws -> ContactAnswer {
        // Whether there is such a person, by the same two probes for a suppressed username as for
        // an unknown one, before the card's joins run for either.
        guard try reader.policySubject(username) != nil, let reading = try reader.card(username) else {
            throw try reader.unknownPerson(username)
        }
        var person = reading.person
        if person.advisorName == nil { person.advisorName = reading.advisorName }
        let directory = reading.directory
        let card = ContactCard(
            person: person, givenName: directory?.givenName, familyName: directory?.familyName, title: directory?.title,
            photo: includePhoto && reading.hasPhoto ? try reader.directoryPhoto(username) : nil, hasPhoto: reading.hasPhoto)
        let term = try (terms(person) ?? reader.terms(for: username)).first
        let links = configuration.registrar.url != nil ? try campusDescription(reader).scheduleLinks : nil
        return ContactAnswer(
            card: card, scheduleTerm: term,
            scheduleURL: term.flatMap { registrarURL(scheduleOf: reading.person, term: $0, links: links) },
            directorySyncedAt: reading.directorySyncedAt)
    }

    /// The registrar page of `person`'s schedule in `term`, below the configured registrar URL.
    private func registrarURL(scheduleOf person: Person, term: TermCode, links: ScheduleLinks?) -> URL? {
        guard let links, let base = configuration.registrar.url.flatMap(URL.init(string:)),
              ["http", "https"].contains(base.scheme?.lowercased() ?? "") else { return nil }
        let template = person.affiliation == .faculty ? links.instructor : links.student
        let allowed = CharacterSet.alphanumerics.intersection(.init(charactersIn: "\u{0}"..."\u{7F}"))
            .union(.init(charactersIn: "-._~"))
        let id = person.username.addingPercentEncoding(withAllowedCharacters: allowed) ?? person.username
        let path = template.replacingOccurrences(of: "{term}", with: term.rawValue).replacingOccurrences(of: "{id}", with: id)
        let prefix = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
        return URL(string: prefix + path)
    }
}
