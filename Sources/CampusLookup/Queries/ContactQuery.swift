import CampusCore
import CampusIndex
import Foundation
import Registrar

/// A person's contact card and where to see their schedule.
public struct ContactAnswer: Sendable {
    /// The registrar person with the directory laid over it.
    public var card: ContactCard
    /// The newest indexed term the person has classes in, if any.
    public var scheduleTerm: TermCode?
    /// The registrar's page of that schedule, when a registrar URL is configured.
    public var scheduleURL: URL?
    /// When the directory was last synced into the index; nil if never.
    public var directorySyncedAt: Date?

    /// The command that shows the person's schedule.
    public var scheduleCommand: String { "campus schedule \(card.person.username)" }
}

extension CampusContext {
    /// `campus person USER`: the person's contact card, from the index only (no
    /// lookup waits on the directory or the registrar).
    ///
    /// A person the directory marks suppressed is not found, like an unknown one.
    /// - Parameter includePhoto: load the photo bytes too (for vCards).
    /// - Throws: ``CampusError/noMatch(what:query:suggestions:)`` with close usernames.
    public func contact(of username: String, includePhoto: Bool = false) throws -> ContactAnswer {
        let store = try openIndex()
        let username = username.lowercased()
        guard let person = try store.person(username) else {
            throw CampusError.noMatch(what: "person", query: username,
                                      suggestions: try store.suggestions(for: username, limit: 5))
        }
        let directory = try store.directoryPerson(username)
        let photo = directory != nil && includePhoto ? try store.directoryPhoto(username) : nil
        let card = ContactCard(
            person: try store.withAdvisorName(person), givenName: directory?.givenName,
            familyName: directory?.familyName, title: directory?.title,
            photo: photo, hasPhoto: try directory != nil && store.hasDirectoryPhoto(username))
        let term = try store.terms(for: username).first
        return ContactAnswer(
            card: card, scheduleTerm: term, scheduleURL: term.flatMap { registrarURL(scheduleOf: person, term: $0) },
            directorySyncedAt: try store.directorySyncStates().compactMap(\.lastSyncAt).max())
    }

    /// The registrar page of `person`'s schedule in `term`, below the configured registrar URL.
    private func registrarURL(scheduleOf person: Person, term: TermCode) -> URL? {
        guard let base = configuration.registrar.url.flatMap(URL.init(string:)),
              ["http", "https"].contains(base.scheme?.lowercased() ?? "") else { return nil }
        let lookup: Lookup = person.affiliation == .faculty
            ? .instructor(username: person.username, term: term) : .student(username: person.username, term: term)
        return definition.request(for: lookup).url(relativeTo: base)
    }
}
