import Foundation

/// A throwaway Active Directory domain controller (Samba 4's, from Debian) on a loopback
/// address of its own, started with `scripts/samba-ad` in a fresh temporary directory and
/// loaded with `fixtures/ad/campus.ldif`: the domain `CAMPUS` (`campus.example.edu`), a few
/// faculty and students with known test passwords, a disabled account, service accounts, and
/// a FERPA opt-out group one student belongs to through a nested group. Samba's DC runs as
/// root. Call ``stop()`` when done.
public final class SambaDirectory: Sendable {
    /// The TLS URL, for binds (Samba refuses simple binds on plain LDAP): `ldaps://127.A.B.C`.
    public let ldapsURL: String
    /// The PEM file of the CA that signed the DC's certificate.
    public let caFile: String
    /// `DC=campus,DC=example,DC=edu`.
    public let baseDN: String
    /// `CN=Administrator,CN=Users,DC=campus,DC=example,DC=edu`.
    public let adminDN: String
    /// A mode-600 file holding the Administrator's password.
    public let adminPasswordFile: String
    /// The NetBIOS domain name: `CAMPUS`.
    public let domain: String
    /// The realm: `CAMPUS.EXAMPLE.EDU`.
    public let realm: String
    /// The DC's temporary directory.
    public let directory: String

    /// The fixture's people and their test passwords.
    public static let passwords = [
        "dwhitfield": "Campus-Test-01", "kgranger": "Campus-Test-02", "mbrennan": "Campus-Test-03", "esommers": "Campus-Test-04",
        "eashby": "Campus-Test-05", "qholt": "Campus-Test-06", "svc-backup": "Campus-Test-07", "svc-lookup": "Campus-Test-08",
    ]

    /// Provisions and starts a domain controller loaded with the campus fixture (about ten seconds).
    public static func start() throws -> SambaDirectory {
        let started = try HarnessScript(path: scriptPath).start(
            prefix: "samba-ad", files: [SlapdServer.repositoryRoot + "/fixtures/ad/campus.ldif"])
        do {
            return try SambaDirectory(directory: started.folder, environment: started.printed)
        } catch {
            HarnessScript(path: scriptPath).stop(started.folder)
            throw error
        }
    }

    private init(directory: String, environment: SlapdEnvironment) throws {
        self.directory = directory
        ldapsURL = try environment.value("LDAPS_URL")
        caFile = try environment.value("LDAP_CA_FILE")
        baseDN = try environment.value("LDAP_BASE_DN")
        adminDN = try environment.value("LDAP_ADMIN_DN")
        adminPasswordFile = try environment.value("LDAP_ADMIN_PASSWORD_FILE")
        domain = try environment.value("AD_DOMAIN")
        realm = try environment.value("AD_REALM")
    }

    deinit {
        stop()
    }

    /// Stops the DC and removes its directory; harmless twice.
    public func stop() {
        HarnessScript(path: Self.scriptPath).stop(directory)
    }

    /// Applies `ldif` (change records) as the Administrator, over LDAPS.
    public func modify(ldif: String) throws {
        try HarnessCommand(
            arguments: ["ldapmodify", "-x", "-H", ldapsURL, "-D", adminDN, "-y", adminPasswordFile],
            environment: ["LDAPTLS_CACERT": caFile, "LDAPTLS_REQCERT": "demand"]
        ).run(input: ldif)
    }

    /// `<repository>/scripts/samba-ad`.
    public static var scriptPath: String {
        SlapdServer.repositoryRoot + "/scripts/samba-ad"
    }
}
