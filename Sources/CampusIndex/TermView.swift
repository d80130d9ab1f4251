import CampusCore
import Foundation

/// A person as one term describes them, over their shared record.
enum TermView {
    /// `shared` with the facts of one term's reading (JSON from `term_people`) on top;
    /// `shared` alone when the term has no reading of them.
    static func person(_ shared: Person, termReading json: String?) throws -> Person {
        guard let json else { return shared }
        return try JSONDecoder().decode(Person.self, from: Data(json.utf8)).filling(from: shared)
    }

    /// The term's reading alone, filled from nothing: what a term says of the present holder of
    /// a username given again, whose shared record may be the one before's; `nil` without one.
    static func reading(_ json: String?) throws -> Person? {
        try json.map { try JSONDecoder().decode(Person.self, from: Data($0.utf8)) }
    }

    /// Roster order: by name without case, people without a name last, then by username.
    static func byName(_ lhs: Person, _ rhs: Person) -> Bool {
        let left: (Int, String, String) = (lhs.name == nil ? 1 : 0, lhs.name?.lowercased() ?? "", lhs.username)
        let right: (Int, String, String) = (rhs.name == nil ? 1 : 0, rhs.name?.lowercased() ?? "", rhs.username)
        return left < right
    }
}
