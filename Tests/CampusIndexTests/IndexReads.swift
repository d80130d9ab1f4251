import CampusCore
import CampusIndex

/// One-line reads for tests: each is one read transaction of ``CampusDatabase/read(_:)``.
extension CampusDatabase {
    func person(_ username: String) throws -> Person? { try read { try $0.person(username) } }
    func schedule(of username: String, term: TermCode) throws -> PersonSchedule { try read { try $0.schedule(of: username, term: term) } }
    func history(of username: String) throws -> [PersonSchedule] { try read { try $0.history(of: username) } }
    func termSummaries() throws -> [TermSummary] { try read { try $0.terms() } }
    func terms(for username: String) throws -> [TermCode] { try read { try $0.terms(for: username) } }
    func offeredTerms() throws -> [Term] { try read { try $0.offeredTerms() } }
    func section(_ id: SectionID, term: TermCode) throws -> Section? { try read { try $0.section(id, term: term) } }
    func sections(prefix: String, term: TermCode) throws -> [Section] { try read { try $0.sections(prefix: prefix, term: term) } }
    func roster(_ id: SectionID, term: TermCode) throws -> [Person] { try read { try $0.roster(id, term: term).map(\.person) } }
    func roomSchedule(_ room: String, term: TermCode) throws -> [RoomBooking] { try read { try $0.roomSchedule(room, term: term) } }
    func rooms(prefix: String, term: TermCode?) throws -> [String] { try read { try $0.rooms(prefix: prefix, term: term) } }
    func suggestions(for query: String, limit: Int) throws -> [String] { try read { try $0.suggestions(for: SearchText(query), limit: limit) } }
    func isSuppressed(_ username: String) throws -> Bool { try read { try $0.isSuppressed(username) } }
    func directoryPhoto(_ username: String, includeSuppressed: Bool = false) throws -> [UInt8]? {
        try read(revealing: includeSuppressed ? .everyone : .hidden) { try $0.directoryPhoto(username) }
    }
    func hasDirectoryPhoto(_ username: String) throws -> Bool { try read { try $0.hasDirectoryPhoto(username) } }
    func directoryPerson(_ username: String, includeSuppressed: Bool = false) throws -> DirectoryPerson? {
        try read(revealing: includeSuppressed ? .everyone : .hidden) { try $0.directoryPerson(username) }
    }
    func directorySyncStates() throws -> [DirectorySyncState] { try read { try $0.directorySyncStates() } }

    func search(
        _ query: String, term: TermCode?, limit: Int, department: String? = nil, affiliation: Affiliation? = nil
    ) throws -> [SearchHit] {
        try read { try $0.search(SearchText(query), term: term, limit: limit, department: department, affiliation: affiliation) }
    }
}
