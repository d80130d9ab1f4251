internal import CampusIndex
import CampusCore

extension IndexReader {
    /// The person with their advisor's name filled in from the advisor's own record,
    /// when the pages named the advisor only by username.
    func withAdvisorName(_ person: Person) throws -> Person {
        guard person.advisorName == nil, let advisor = person.advisorUsername,
              let name = try self.person(advisor)?.name else { return person }
        var enriched = person
        enriched.advisorName = name
        return enriched
    }

    /// The person, or a no-match naming close usernames.
    func knownPerson(_ username: String) throws -> Person {
        guard let person = try person(username) else { throw try unknownPerson(username) }
        return person
    }

    /// The no-match of a username nobody has, naming close usernames.
    func unknownPerson(_ username: String) throws -> CampusError {
        .noMatch(what: "person", query: username, suggestions: try suggestions(for: username, limit: 5))
    }
}
