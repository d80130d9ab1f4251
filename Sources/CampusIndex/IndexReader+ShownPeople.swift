import CampusCore
import GRDB

/// People as every read shows them: the registrar's reading with the directory's
/// entry laid over it, and nobody the directory suppresses.
extension IndexReader {
    /// The registrar's (or a term's) reading with the directory's entry laid over it
    /// (``CampusCore/Person/merged(with:)``), the directory's alone when the registrar
    /// lacks them; `nil` when neither knows them or the directory suppresses them.
    static func shown(_ registrar: Person?, directory: DirectoryPerson?) -> Person? {
        guard let directory else { return registrar }
        guard !directory.suppressed else { return nil }
        return registrar.map { $0.merged(with: directory) } ?? Person(directory)
    }

    /// `people` as ``shown(_:directory:)``, in order, suppressed ones left out.
    func shown(_ people: [Person]) throws -> [Person] {
        let directory = try directoryEntries(people.map(\.username))
        return people.compactMap { Self.shown($0, directory: directory[$0.username.lowercased()]) }
    }

    /// The people found as shown, in order, once each (without case); unknown and
    /// suppressed ones left out. One query reads their directory entries, another the
    /// registrar's records of those found without.
    func shownPeople(_ found: [FoundPerson]) throws -> [Person] {
        guard !found.isEmpty else { return [] }
        let missing = found.filter { $0.registrar == nil }.map(\.username)
        let records = try missing.isEmpty ? [] : PersonRecord.fetchAll(
            statement(Self.registrarPeopleSQL), arguments: [SQLList.json(missing)])
        let registrar = Dictionary(records.map { ($0.username.lowercased(), $0.person) }, uniquingKeysWith: { first, _ in first })
        let directory = try directoryEntries(found.map(\.username))
        var seen: Set<String> = []
        return found.compactMap { person in
            guard seen.insert(person.key).inserted else { return nil }
            return Self.shown(person.registrar ?? registrar[person.key], directory: directory[person.key])
        }
    }

    /// SQL true when the directory does not suppress the username in `column`: one
    /// primary-key probe per row the query reaches, however many are suppressed.
    static func notSuppressed(_ column: String) -> String {
        "NOT EXISTS (SELECT 1 FROM directory_people WHERE directory_people.username = \(column) AND suppressed)"
    }

    private static let registrarPeopleSQL = """
        SELECT * FROM people WHERE username IN (SELECT value FROM json_each(?))
        """
}

/// A person a search query found: their username, with the registrar's record when
/// the query read it.
struct FoundPerson {
    let username: String
    let registrar: Person?
    /// The username lower-cased, as people are told apart.
    let key: String

    init(username: String) {
        self.username = username
        registrar = nil
        key = username.lowercased()
    }

    init(registrar: Person) {
        username = registrar.username
        self.registrar = registrar
        key = username.lowercased()
    }
}
