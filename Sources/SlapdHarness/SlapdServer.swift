import Foundation

/// A throwaway OpenLDAP server on loopback, started with `scripts/slapd` in a
/// fresh temporary directory.
///
/// The directory is `dc=rose-hulman,dc=edu` with `ou=People` and `ou=Groups`,
/// the core, cosine, inetOrgPerson, eduPerson and campus schemas, anonymous
/// read access (except `userPassword`) and an admin whose random password is
/// only ever in ``adminPasswordFile``. Call ``stop()`` when done; the server is
/// also stopped when the last reference goes away.
public final class SlapdServer: Sendable {
    /// The plain (and StartTLS) URL: `ldap://127.0.0.1:PORT`.
    public let url: String
    /// The TLS URL, named `localhost` so the test certificate matches: `ldaps://localhost:PORT`.
    public let ldapsURL: String
    /// The port of ``url``, the same at every listen address.
    public let port: Int
    /// The PEM file of the CA that signed the server's certificate.
    public let caFile: String
    /// The suffix: `dc=rose-hulman,dc=edu`.
    public let baseDN: String
    /// The root DN: `cn=admin,dc=rose-hulman,dc=edu`.
    public let adminDN: String
    /// A mode-600 file holding the admin password, without a newline.
    public let adminPasswordFile: String
    /// The server's temporary directory: configuration, database, `slapd.log`, `tls/`.
    public let directory: String

    /// Starts a server loaded with `ldifFiles` (in order, after the base entries)
    /// whose searches return at most `sizeLimit` entries to anyone but the admin
    /// (paged searches return any number, a page at a time), listening on `listenAddresses`
    /// too (gateways of a ``TestNetwork``, named in the certificate).
    /// Throws ``SlapdError`` with the script's error output when it fails.
    public static func start(ldifFiles: [String], sizeLimit: Int = 500, listenAddresses: [String] = []) throws -> SlapdServer {
        let started = try HarnessScript(path: scriptPath).start(
            prefix: "slapd", files: ldifFiles,
            environment: ["SLAPD_SIZELIMIT": String(sizeLimit), "HARNESS_LISTEN_ADDRESSES": listenAddresses.joined(separator: " ")])
        do {
            return try SlapdServer(directory: started.folder, environment: started.printed)
        } catch {
            HarnessScript(path: scriptPath).stop(started.folder)
            throw error
        }
    }

    private init(directory: String, environment: SlapdEnvironment) throws {
        self.directory = directory
        url = try environment.value("LDAP_URL")
        ldapsURL = try environment.value("LDAPS_URL")
        guard let port = Int(try environment.value("LDAP_PORT")) else {
            throw SlapdError(command: [Self.scriptPath, "start"], status: 0, standardError: "printed a port that is not a number")
        }
        self.port = port
        caFile = try environment.value("LDAP_CA_FILE")
        baseDN = try environment.value("LDAP_BASE_DN")
        adminDN = try environment.value("LDAP_ADMIN_DN")
        adminPasswordFile = try environment.value("LDAP_ADMIN_PASSWORD_FILE")
    }

    deinit {
        stop()
    }

    /// Stops the server (SIGTERM, then SIGKILL after about 10 s) and removes
    /// its directory. Stopping twice, or after ``kill()``, is harmless.
    public func stop() {
        HarnessScript(path: Self.scriptPath).stop(directory)
    }

    /// Kills the server with SIGKILL, as a crash would, and waits until it is
    /// gone. The directory stays for inspection until ``stop()``.
    public func kill() {
        _ = try? HarnessCommand(arguments: [Self.scriptPath, "kill", directory]).run()
    }

    /// Applies `ldif` (change records, or plain entries to add) as the admin.
    public func modify(ldif: String) throws {
        try HarnessCommand(
            arguments: ["ldapmodify", "-a", "-x", "-H", url, "-D", adminDN, "-y", adminPasswordFile]
        ).run(input: ldif)
    }

    /// Searches the whole suffix as the admin (no size limit) over `connection`,
    /// trusting only ``caFile``, and returns the entries as unwrapped LDIF;
    /// `attributes` only when any are named.
    public func search(
        filter: String, attributes: [String] = [], connection: SlapdConnection = .plain
    ) throws -> String {
        let target: [String] = switch connection {
        case .plain: ["-H", url]
        case .startTLS: ["-ZZ", "-H", url]
        case .ldaps: ["-H", ldapsURL]
        }
        return try HarnessCommand(
            arguments: ["ldapsearch", "-x", "-LLL", "-o", "ldif-wrap=no"] + target
                + ["-D", adminDN, "-y", adminPasswordFile, "-b", baseDN, filter] + attributes,
            environment: ["LDAPTLS_CACERT": caFile, "LDAPTLS_REQCERT": "demand"]
        ).run()
    }
}
