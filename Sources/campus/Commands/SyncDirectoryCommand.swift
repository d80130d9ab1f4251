import ArgumentParser
import CampusLookup
import Foundation

/// `campus sync directory`: read the campus directory (LDAP or an LDIF export) into the index.
struct SyncDirectoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "directory",
        abstract: "Read people from the campus directory (LDAP or LDIF) into the index.",
        discussion: """
            The first sync of a server, --full, or an LDIF file reads everyone and drops people gone from the \
            directory; later syncs read only entries changed since the last one. A sync that fails midway \
            leaves the index as it was. Every option can also live under directory: in the configuration \
            file. The bind password is read from a file or an environment variable, never from the command line.
            Examples:
              campus sync directory --url ldaps://ldap.example.edu --base ou=People,dc=example,dc=edu
              campus sync directory --url ldap://ldap.example.edu --starttls --ca-file ca.pem \\
                  --base dc=example,dc=edu --bind-dn cn=reader,dc=example,dc=edu --password-file ~/.ldap-password
              campus sync directory --ldif fixtures/directory.ldif
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var writer: WriterOptions

    @Option(help: ArgumentHelp("The directory server: ldap://host, ldaps://host or ldapi://path.", valueName: "url"))
    var url: String?

    @Option(help: ArgumentHelp("The DN to search below, e.g. ou=People,dc=example,dc=edu.", valueName: "dn"))
    var base: String?

    @Option(name: .customLong("bind-dn"), help: ArgumentHelp("Bind as this DN (default: anonymous).", valueName: "dn"))
    var bindDN: String?

    @Option(name: .customLong("password-file"), help: ArgumentHelp("A file holding the bind password.", valueName: "file"))
    var passwordFile: String?

    @Option(name: .customLong("password-env"), help: ArgumentHelp("An environment variable holding the bind password.", valueName: "name"))
    var passwordEnv: String?

    @Flag(help: "Require StartTLS on an ldap:// URL.")
    var starttls = false

    @Option(name: .customLong("ca-file"), help: ArgumentHelp("PEM file of the CA that signed the server's certificate.", valueName: "file"))
    var caFile: String?

    @Option(help: ArgumentHelp("openldap, ad, or a profile file mapping attributes to fields (default: openldap).", valueName: "profile"))
    var profile: String?

    @Option(help: ArgumentHelp("Read this LDIF export instead of a server.", valueName: "file"))
    var ldif: String?

    @Option(name: .customLong("page-size"), help: ArgumentHelp("Entries per page of the paged search (default: 500).", valueName: "n"))
    var pageSize: Int?

    @Flag(help: "Read everyone and drop people gone from the directory, even when an incremental sync could run.")
    var full = false

    @Flag(help: "Accept a full sync that would remove more people than --removal-limit allows.")
    var force = false

    @Option(name: .customLong("removal-limit"),
            help: ArgumentHelp("The percentage of the people the index holds that a full sync may remove without --force (default: 10).",
                               valueName: "percent"))
    var removalLimit: Int?

    @Flag(name: .customLong("allow-cleartext"),
          help: "Send the bind password to a server on the network without TLS (refused by default; loopback is always allowed).")
    var allowCleartext = false

    @Option(name: .customLong("ldif-files-under"),
            help: ArgumentHelp("Let LDIF values written 'attribute:< file:///...' be read from files under this folder (refused by default).",
                               valueName: "folder"))
    var ldifFilesUnder: String?

    func validate() throws {
        if ldif != nil && url != nil { throw ValidationError("give either --url or --ldif, not both.") }
        if let pageSize, !(1...10_000).contains(pageSize) {
            throw ValidationError("--page-size must be 1 to 10000, got \(pageSize).")
        }
        if let removalLimit, !(0...100).contains(removalLimit) {
            throw ValidationError("--removal-limit must be a percentage from 0 to 100, got \(removalLimit).")
        }
        if passwordFile != nil && passwordEnv != nil {
            throw ValidationError("give either --password-file or --password-env, not both.")
        }
    }

    func run() async throws {
        let campus = try global.campus(writing: writer)
        let door = CampusService(operating: campus)
        let options = DirectorySyncOptions(
            url: url, base: base, bindDN: bindDN, passwordFile: passwordFile, passwordEnv: passwordEnv,
            startTLS: starttls, caFile: caFile, profile: profile, ldif: ldif, pageSize: pageSize, full: full, force: force,
            removalLimitPercent: removalLimit, allowCleartext: allowCleartext, ldifFilesUnder: ldifFilesUnder)
        let progress = DirectoryProgressLine()
        let result: DirectorySyncResult
        do {
            let request = try campus.directorySyncRequest(options)
            if !global.json { printError("Reading \(request) into \(campus.indexURL.path)") }
            result = try await door.syncDirectory(request, as: .operator(), now: Date()) { progress.update($0) }
            progress.finish()
        } catch {
            progress.finish()
            throw CommandFailure(error, json: global.json, then: unchangedNote(door))
        }
        for warning in result.warnings { printError("warning: \(warning)") }
        if global.json {
            print(try AnswerJSON.text(DirectorySyncShape(result)))
        } else {
            let report = result.report
            print("\(report.kind == .full ? "Full" : "Incremental") sync: \(report.added) added, \(report.updated) updated, "
                + "\(report.removed) removed, \(report.unchanged) unchanged; \(report.state.entryCount) people in the "
                + "directory, \(report.suppressed) suppressed.")
        }
    }

    /// That the index still answers from the last good sync, and since when.
    private func unchangedNote(_ door: CampusService) -> String {
        guard let last = try? door.lastDirectorySync(as: .operator()) else { return "The index is unchanged." }
        return "The index is unchanged: lookups answer from the last good directory sync, "
            + "\(last.formatted(date: .abbreviated, time: .shortened))."
    }
}
