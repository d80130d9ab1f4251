import CampusCore
import Foundation

/// What only the operator of this machine does, at the command line: filling and rebuilding
/// the index, reading pages, moving the user state. Any other caller is refused.
extension CampusService {
    /// `campus page FILE`: what the scraper reads out of one saved page or answer, without an index.
    ///
    /// - Parameter definition: The school definition whose family reads it, by name
    ///   (`northeastern`) or path; the campus's own (`registrar.definition`) when `nil`.
    public func inspectPage(at path: String, definition: String? = nil, as caller: Caller) throws(CampusError) -> ParsedPage {
        try requireOperator(caller, for: "reading a saved page")
        return try campus.inspectPage(at: path, definition: definition)
    }

    /// `campus import FILE...`: saved registrar pages, Banner 9 answers and roster CSVs merged
    /// into the index; every readable file is imported even when others fail.
    public func importFiles(_ paths: [String], definition: String? = nil, as caller: Caller, now: Date) throws(CampusError) -> ImportReport {
        try requireOperator(caller, for: "importing pages into the index")
        return try campus.importFiles(paths, definition: definition, now: now)
    }

    /// `campus reparse`: terms rebuilt from the raw pages the index kept, `term` alone or every one.
    public func reparse(term: String?, force: Bool, as caller: Caller, now: Date) throws(CampusError) -> [ReparseOutcome] {
        try requireOperator(caller, for: "rebuilding terms of the index")
        return try campus.reparse(term: term, force: force, now: now)
    }

    /// `campus sync registrar`: terms crawled from `location` and swapped into the index each on its own.
    public func syncRegistrar(
        from location: RegistrarLocation, terms: SyncTerms, force: Bool, progress: (any CrawlProgress)?, as caller: Caller, now: Date
    ) async throws(CampusError) -> [TermSyncOutcome] {
        try requireOperator(caller, for: "crawling the registrar into the index")
        return try await campus.syncRegistrar(from: location, terms: terms, force: force, progress: progress, now: now)
    }

    /// `campus sync directory`: people read from an LDAP server or an LDIF file into the index.
    public func syncDirectory(
        _ request: DirectorySyncRequest, as caller: Caller, now: Date,
        progress: @escaping @Sendable (DirectorySyncProgress) -> Void = { _ in }
    ) async throws(CampusError) -> DirectorySyncResult {
        try requireOperator(caller, for: "reading the directory into the index")
        return try await campus.syncDirectory(request, now: now, progress: progress)
    }

    /// When the index last synced from any directory source; `nil` if never (or no index yet).
    public func lastDirectorySync(as caller: Caller) throws(CampusError) -> Date? {
        try requireOperator(caller, for: "the index's last directory sync")
        return campus.lastDirectorySync()
    }

    /// `campus state migrate`: this campus's SQLite user state copied into an empty PostgreSQL database.
    public func migrateUserState(to url: String, passwordFile: String?, as caller: Caller) async throws(CampusError) -> UserStateMigration {
        try requireOperator(caller, for: "copying the user state")
        return try await campus.migrateUserState(to: url, passwordFile: passwordFile)
    }

    /// Refuses whoever is not the operator of this machine.
    ///
    /// - Parameter task: what was asked, for the message (`importing pages into the index`).
    func requireOperator(_ caller: Caller, for task: String) throws(CampusError) {
        guard !caller.isOperator else { return }
        guard caller.isMember else { throw .unauthenticated }
        throw .forbidden(
            policy: policy.name, rule: Principal.operator.description, covers: "what only the operator of this machine does, at the command line",
            allowed: [Principal.operator.description], subject: task)
    }
}
