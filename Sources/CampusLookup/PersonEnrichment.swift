import CampusCore
import CampusIndex

extension CampusIndexStore {
    /// The person with their advisor's name filled in from the advisor's own record,
    /// when the pages named the advisor only by username.
    func withAdvisorName(_ person: Person) throws -> Person {
        guard person.advisorName == nil, let advisor = person.advisorUsername,
              let name = try self.person(advisor)?.name else { return person }
        var enriched = person
        enriched.advisorName = name
        return enriched
    }
}
