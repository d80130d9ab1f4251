import CampusCore
internal import GRDB

/// What a policy decides on about the person asked about: who they are as shown, and the
/// directory facts their relations to a caller come from.
public struct PolicySubject: Sendable, Equatable {
    /// The username as the index keeps it.
    public var username: String
    /// Student, faculty or staff: the directory's, else the registrar's.
    public var affiliation: Affiliation
    /// Their advisor's username: the directory's, else the registrar's.
    public var advisorUsername: String?

    /// The subject a person already read stands for.
    public init(_ person: Person) {
        self.init(username: person.username, affiliation: person.affiliation, advisorUsername: person.advisorUsername)
    }

    public init(username: String, affiliation: Affiliation, advisorUsername: String?) {
        self.username = username
        self.affiliation = affiliation
        self.advisorUsername = advisorUsername
    }
}

extension IndexReader {
    /// The person `username` as far as a policy needs them, in one statement of two
    /// primary-key probes and a few plain columns, whatever the person holds: `nil` for a
    /// username neither source knows and for one the directory suppresses from this read
    /// alike. Nothing of what they take, and no record of theirs, is read: a refusal decided
    /// on it costs the same for every person.
    public func policySubject(_ username: String) throws -> PolicySubject? {
        guard let found = try row(Self.subjectSQL, [.text(username)], { row in
            (username: row.string(0), registrar: row.text(1).flatMap(Affiliation.init(rawValue:)) ?? .unknown,
             directory: row.text(2).flatMap(Affiliation.init(rawValue:)) ?? .unknown, registrarAdvisor: row.text(3),
             directoryAdvisor: row.text(4))
        }) else { return nil }
        // What the registrar says of a username given again, or of an advisor's, is of the one before.
        let registrarHolds = try !changedHands(username)
        var registrarAdvisor = registrarHolds ? found.registrarAdvisor : nil
        if let advisor = registrarAdvisor, !(try advisesAsNamed(advisor)) { registrarAdvisor = nil }
        return PolicySubject(
            username: found.username,
            affiliation: found.directory != .unknown || !registrarHolds ? found.directory : found.registrar,
            advisorUsername: found.directoryAdvisor ?? registrarAdvisor)
    }

    /// The suppression is looked at first, on the one username asked (`asked` alone is filtered
    /// before either table is joined), so a suppressed person's rows are never read for it.
    private static let subjectSQL = """
        SELECT COALESCE(people.username, directory_people.username), people.affiliation, directory_people.affiliation,
            people.advisor_username, directory_people.advisor_username
        FROM (SELECT ?1 AS username WHERE \(notSuppressed(parameter: "?1"))) AS asked
        LEFT JOIN people ON people.username = asked.username
        LEFT JOIN directory_people ON directory_people.username = asked.username
        WHERE people.username IS NOT NULL OR directory_people.username IS NOT NULL
        """
}
