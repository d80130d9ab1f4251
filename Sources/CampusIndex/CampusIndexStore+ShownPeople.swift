import CampusCore
import GRDB

/// People as every read shows them: the registrar's reading with the directory's
/// entry laid over it, and nobody the directory suppresses.
extension CampusIndexStore {
    /// The registrar's (or a term's) reading with the directory's entry laid over it
    /// (``CampusCore/Person/merged(with:)``), the directory's alone when the registrar
    /// lacks them; `nil` when neither knows them or the directory suppresses them.
    static func shown(_ registrar: Person?, directory: DirectoryPerson?) -> Person? {
        guard let directory else { return registrar }
        guard !directory.suppressed else { return nil }
        return registrar.map { $0.merged(with: directory) } ?? Person(directory)
    }

    /// `people` as ``shown(_:directory:)``, in order, suppressed ones left out.
    func shown(_ people: [Person], _ db: Database) throws -> [Person] {
        let directory = try directoryEntries(people.map(\.username), db)
        return people.compactMap { Self.shown($0, directory: directory[$0.username.lowercased()]) }
    }

    /// The people with these usernames as shown, in order, once each (without case);
    /// unknown and suppressed ones left out. One query per source.
    func shownPeople(_ usernames: [String], _ db: Database) throws -> [Person] {
        guard !usernames.isEmpty else { return [] }
        let records = try PersonRecord.fetchAll(
            db.cachedStatement(sql: Self.registrarPeopleSQL), arguments: [SQLList.json(usernames)])
        let registrar = Dictionary(records.map { ($0.username.lowercased(), $0.person) }, uniquingKeysWith: { first, _ in first })
        let directory = try directoryEntries(usernames, db)
        var seen: Set<String> = []
        return usernames.compactMap { username in
            let key = username.lowercased()
            guard seen.insert(key).inserted else { return nil }
            return Self.shown(registrar[key], directory: directory[key])
        }
    }

    /// SQL true when the username in `column` is not suppressed; cheap, since a
    /// partial index holds just the suppressed usernames.
    static func notSuppressed(_ column: String) -> String {
        "\(column) NOT IN (SELECT username FROM directory_people WHERE suppressed)"
    }

    private static let registrarPeopleSQL = """
        SELECT * FROM people WHERE username IN (SELECT value FROM json_each(?))
        """
}
