internal import CampusIndex
internal import Directory
import Foundation

/// The command-line options of `campus sync directory`; each set one wins over
/// the configuration file's `directory:` key of the same name.
public struct DirectorySyncOptions: Sendable {
    public var url: String?
    public var base: String?
    public var bindDN: String?
    public var passwordFile: String?
    public var passwordEnv: String?
    /// `true`: StartTLS required (`--starttls`).
    public var startTLS: Bool
    public var caFile: String?
    public var profile: String?
    public var ldif: String?
    public var pageSize: Int?
    public var full: Bool
    public var force: Bool
    /// The share in percent of the people the index holds that a full sync may remove without `force`.
    public var removalLimitPercent: Int?
    /// `true`: a password may go to a host on the network without TLS (`--allow-cleartext`).
    public var allowCleartext: Bool
    /// The folder whose files LDIF values written `attribute:< file://...` may be read from.
    public var ldifFilesUnder: String?

    public init(
        url: String? = nil, base: String? = nil, bindDN: String? = nil, passwordFile: String? = nil,
        passwordEnv: String? = nil, startTLS: Bool = false, caFile: String? = nil, profile: String? = nil,
        ldif: String? = nil, pageSize: Int? = nil, full: Bool = false, force: Bool = false,
        removalLimitPercent: Int? = nil, allowCleartext: Bool = false, ldifFilesUnder: String? = nil
    ) {
        self.url = url
        self.base = base
        self.bindDN = bindDN
        self.passwordFile = passwordFile
        self.passwordEnv = passwordEnv
        self.startTLS = startTLS
        self.caFile = caFile
        self.profile = profile
        self.ldif = ldif
        self.pageSize = pageSize
        self.full = full
        self.force = force
        self.removalLimitPercent = removalLimitPercent
        self.allowCleartext = allowCleartext
        self.ldifFilesUnder = ldifFilesUnder
    }
}

extension CampusContext {
    /// The sync `options` ask for, completed from the configuration file.
    ///
    /// - Throws: ``CampusError/directoryNotConfigured`` when neither a server nor an
    ///   LDIF file is named; directory errors for a bad URL or an unreadable password.
    public func directorySyncRequest(_ options: DirectorySyncOptions) throws(CampusError) -> DirectorySyncRequest {
        let settings = configuration.directory
        let profileURL = try locator.directoryProfile(options.profile ?? settings.profile ?? "openldap")
        return try lookingUp { try directorySyncRequest(options, profile: try DirectoryProfile.load(contentsOf: profileURL)) }
    }

    private func directorySyncRequest(_ options: DirectorySyncOptions, profile: DirectoryProfile) throws -> DirectorySyncRequest {
        let settings = configuration.directory
        let pageSize = options.pageSize ?? settings.pageSize ?? 500
        let removalLimit = try removalLimit(options)
        let exclude = settings.exclude?.trimmingCharacters(in: .whitespaces)
        if let exclude, !(exclude.hasPrefix("(") && exclude.hasSuffix(")")) {
            throw CampusError.badConfiguration(
                path: paths.configFile.path, detail: "directory.exclude: give an LDAP filter in parentheses, such as (sAMAccountName=svc-*)")
        }
        if let ldif = options.ldif ?? (options.url == nil ? settings.ldif : nil) {
            let filesUnder = (options.ldifFilesUnder ?? settings.ldifFilesUnder).map { URL(fileURLWithPath: paths.expandingTilde($0)) }
            return DirectorySyncRequest(location: .ldif(path: paths.expandingTilde(ldif), filesUnder: filesUnder), profile: profile,
                                        full: true, force: options.force, removalLimit: removalLimit, pageSize: pageSize, exclude: exclude)
        }
        guard let url = options.url ?? settings.url else { throw CampusError.directoryNotConfigured }
        guard let base = options.base ?? settings.base else { throw CampusError.directoryBaseMissing(url: url) }
        var server = try DirectoryServer(
            url: url, tls: try tlsMode(startTLSOption: options.startTLS, configured: settings.starttls),
            caFile: (options.caFile ?? settings.caFile).map(paths.expandingTilde),
            connectTimeout: .seconds(settings.connectTimeout ?? 5), operationTimeout: .seconds(settings.timeout ?? 30))
        server.allowsCleartext = options.allowCleartext || settings.allowCleartext == true
        return DirectorySyncRequest(
            location: .server(server, credential: try credential(options), base: base), profile: profile,
            full: options.full, force: options.force, removalLimit: removalLimit, pageSize: pageSize, exclude: exclude)
    }

    /// The share of people a full sync may remove unforced: the option, the setting, else 10%.
    private func removalLimit(_ options: DirectorySyncOptions) throws -> Double {
        guard let percent = options.removalLimitPercent ?? configuration.directory.removalLimit else {
            return DirectoryStore.defaultRemovalLimit
        }
        guard (0...100).contains(percent) else {
            throw CampusError.badConfiguration(
                path: paths.configFile.path, detail: "directory.removal-limit: \(percent) is not a percentage from 0 to 100")
        }
        return Double(percent) / 100
    }

    private func tlsMode(startTLSOption: Bool, configured: String?) throws -> DirectoryServer.TLSMode {
        if startTLSOption { return .startTLS(required: true) }
        switch configured?.lowercased() {
        case nil, "off": return .none
        case "required": return .startTLS(required: true)
        case "optional": return .startTLS(required: false)
        case let other?:
            throw CampusError.badConfiguration(
                path: paths.configFile.path, detail: "directory.starttls: '\(other)' is not required, optional or off")
        }
    }

    /// Anonymous without a bind DN; else the password from the file or environment variable named.
    private func credential(_ options: DirectorySyncOptions) throws -> DirectoryCredential {
        let settings = configuration.directory
        guard let bindDN = options.bindDN ?? settings.bindDN else { return .anonymous }
        if let file = options.passwordFile ?? (options.passwordEnv == nil ? settings.passwordFile : nil) {
            let path = paths.expandingTilde(file)
            return .simple(bindDN: bindDN, password: try DirectorySecret.readFile(path), source: "the file \(path)")
        }
        if let variable = options.passwordEnv ?? settings.passwordEnv {
            return .simple(bindDN: bindDN, password: try DirectorySecret.environment(variable),
                           source: "the environment variable \(variable)")
        }
        throw CampusError.directoryPasswordMissing(bindDN: bindDN)
    }
}
