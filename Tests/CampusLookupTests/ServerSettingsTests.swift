import CampusLookup
import Foundation
import SlapdHarness
import Testing

@Suite("The server's settings: flags over the environment over the file over the defaults")
struct ServerSettingsTests {
    /// The server's configuration in a campus whose file holds `yaml`; `registrar`, the role
    /// ferpa-strict names, given by its flag.
    private func configuration(
        file yaml: String = "", flags: [String] = [], environment: [String: String] = [:], registrar: [String] = ["--role", "registrar=marchk"]
    ) async throws -> ServerConfiguration {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        if !yaml.isEmpty { try campus.configure(yaml) }
        return try await campus.context().serverConfiguration(flags: flags + registrar, environment: environment)
    }

    /// The message of what `body` throws.
    private func refusal(_ body: () async throws -> ServerConfiguration) async -> String {
        do {
            _ = try await body()
            return "(nothing refused)"
        } catch {
            return "\(error)"
        }
    }

    @Test("each setting comes from its flag, else its variable, else the file, else its default")
    func precedence() async throws {
        let file = "server:\n  session-hours: 4\n  idle-minutes: 20\n  login-failures: 7\n"
        let environment = ["CAMPUS_SERVER_SESSION_HOURS": "3", "CAMPUS_SERVER_IDLE_MINUTES": "10"]
        let configuration = try await configuration(file: file, flags: ["--session-hours", "2"], environment: environment)
        #expect(configuration.sessionLifetime == 2 * 3600)
        #expect(configuration.idleLimit == 10 * 60)
        #expect(configuration.throttle.failures == 7)
        #expect(configuration.throttle.addressFailures == 50)
        #expect(configuration.port == 8080 && configuration.host == "127.0.0.1" && configuration.policy.name == "ferpa-strict")
    }

    @Test("lists and flags are read from each source: the flag repeated, a list in the file, commas in a variable")
    func listsAndFlags() async throws {
        let fromFlags = try await configuration(flags: ["--trusted-proxy", "10.0.0.1", "--trusted-proxy=10.0.0.2", "--behind-proxy", "--host", "0.0.0.0"])
        #expect(fromFlags.trustedProxies == ["10.0.0.1", "10.0.0.2"] && fromFlags.behindProxy && !fromFlags.isLoopback)
        let fromFile = try await configuration(file: "server:\n  host: 0.0.0.0\n  behind-proxy: true\n  trusted-proxies: [10.0.0.3]\n")
        #expect(fromFile.trustedProxies == ["10.0.0.3"] && fromFile.behindProxy)
        let fromVariables = try await configuration(environment: [
            "CAMPUS_SERVER_HOST": "0.0.0.0", "CAMPUS_SERVER_BEHIND_PROXY": "true", "CAMPUS_SERVER_TRUSTED_PROXIES": "10.0.0.4,10.0.0.5",
        ])
        #expect(fromVariables.trustedProxies == ["10.0.0.4", "10.0.0.5"] && fromVariables.behindProxy)
    }

    @Test("roles come from the file's lists, a variable per role, and --role pairs added to them")
    func roles() async throws {
        let file = "server:\n  roles:\n    registrar: [RegOffice]\n"
        let configuration = try await configuration(file: file, registrar: ["--role", "registrar=hendrix"])
        #expect(configuration.roles(of: "regoffice") == ["registrar"])
        #expect(configuration.roles(of: "hendrix") == ["registrar"])
        let fromVariable = try await self.configuration(environment: ["CAMPUS_SERVER_ROLES_REGISTRAR": "marchk,hendrix"], registrar: [])
        #expect(fromVariable.roles["registrar"] == ["marchk", "hendrix"])
        let none = await refusal { try await self.configuration(registrar: []) }
        #expect(none.contains("it names the role 'registrar', which no username holds"), "\(none)")
    }

    @Test("a wrong value is refused with the setting's flag, variable and key, never replaced by the default")
    func wrongValues() async {
        let fromFile = await refusal { try await configuration(file: "server:\n  port: eighty\n") }
        #expect(fromFile.contains("'eighty' is not a whole number") && fromFile.contains("server.port") && fromFile.contains("CAMPUS_SERVER_PORT"), "\(fromFile)")
        let fromVariable = await refusal { try await configuration(environment: ["CAMPUS_SERVER_SESSION_HOURS": "-1"]) }
        #expect(fromVariable.contains("session-hours") && fromVariable.contains("not a positive number"), "\(fromVariable)")
        let list = await refusal { try await configuration(file: "server:\n  port: [8080, 8081]\n") }
        #expect(list.contains("port") && list.contains("one value"), "\(list)")
        let twice = await refusal { try await configuration(flags: ["--port", "8080", "--port", "8081"]) }
        #expect(twice.contains("--port is given more than once"), "\(twice)")
        let pair = await refusal { try await configuration(registrar: ["--role", "registrar"]) }
        #expect(pair.contains("'registrar' is not NAME=USERNAME"), "\(pair)")
    }

    @Test("a flag or variable that names no setting is refused, with the closest flag")
    func unknownNames() async {
        let misspelt = await refusal { try await configuration(flags: ["--prot", "8081"]) }
        #expect(misspelt.contains("there is no flag --prot") && misspelt.contains("Did you mean --port?"), "\(misspelt)")
        let stray = await refusal { try await configuration(flags: ["--port", "8081", "8082"]) }
        #expect(stray.contains("'8082' is not a setting"), "\(stray)")
        let valueless = await refusal { try await configuration(flags: ["--policy"]) }
        #expect(valueless.contains("--policy needs a value"), "\(valueless)")
        let variable = await refusal { try await configuration(environment: ["CAMPUS_SERVER_PROT": "8081"]) }
        #expect(variable.contains("CAMPUS_SERVER_PROT sets nothing"), "\(variable)")
        let key = await refusal { try await configuration(file: "server:\n  prot: 8081\n") }
        #expect(key.contains("server.prot"), "\(key)")
    }

    @Test("every setting has a key, flag and variable of its own, and a default that its own check accepts")
    func declarations() async throws {
        #expect(Set(ServerSetting.all.map(\.key)).count == ServerSetting.all.count)
        #expect(Set(ServerSetting.all.map(\.flag)).count == ServerSetting.all.count)
        #expect(Set(ServerSetting.all.map(\.environmentName)).count == ServerSetting.all.count)
        // Each default given again as its flag gives the configuration nothing given does.
        let defaults = ServerSetting.all.filter { $0.defaultValue != nil && $0.kind != .flag }.flatMap { ["--\($0.flag)", $0.defaultValue ?? ""] }
        let given = try await configuration(flags: defaults)
        let unset = try await configuration()
        #expect(given.sessionLifetime == unset.sessionLifetime && given.auditRetention == unset.auditRetention)
        #expect(given.directoryFullAt == unset.directoryFullAt && given.limits == unset.limits && given.throttle == unset.throttle)
    }

    @Test("what is written but empty is unset: an empty file, a null in it, an empty variable, an empty list item")
    func emptiness() async throws {
        let touched = try await configuration(file: " \n")
        #expect(touched.port == 8080 && touched.publicURL == nil)
        let nulls = try await configuration(file: "server:\n  public-url:\n  trusted-proxies:\n  tls-cert: ~\n  port: 8081\n")
        #expect(nulls.publicURL == nil && nulls.trustedProxies.isEmpty && nulls.tls == nil && nulls.port == 8081)
        let emptyVariables = try await configuration(
            file: "server:\n  port: 8081\n  trusted-proxies: [10.0.0.1]\n",
            environment: ["CAMPUS_SERVER_PORT": "", "CAMPUS_SERVER_TRUSTED_PROXIES": " "])
        #expect(emptyVariables.port == 8081 && emptyVariables.trustedProxies == ["10.0.0.1"])
        let items = try await configuration(environment: ["CAMPUS_SERVER_TRUSTED_PROXIES": "10.0.0.1, ,10.0.0.2,"])
        #expect(items.trustedProxies == ["10.0.0.1", "10.0.0.2"])
    }

    @Test("values keep what they are written with: a comma in a flag's value, 2:30 in the file")
    func valuesAsWritten() async throws {
        let comma = try await configuration(flags: ["--public-url", "https://campus.example.edu/a,b"])
        #expect(comma.publicURL == "https://campus.example.edu/a,b")
        let time = try await configuration(file: "server:\n  directory-full-at: 2:30\n  behind-proxy: yes\n  host: 0.0.0.0\n")
        #expect(time.directoryFullAt == 150 && time.behindProxy)
    }

    @Test("every role the file or a variable names is kept, the policy's or not, and --role adds to a variable's")
    func otherRoles() async throws {
        let file = try await configuration(file: "server:\n  roles:\n    registrar: [marchk]\n    auditor: [Hendrix]\n", registrar: [])
        #expect(file.roles(of: "hendrix") == ["auditor"])
        let both = try await configuration(
            flags: ["--role", "registrar=valer"], environment: ["CAMPUS_SERVER_ROLES_REGISTRAR": "marchk"], registrar: [])
        #expect(both.roles["registrar"] == ["marchk", "valer"])
        let whole = await refusal { try await configuration(environment: ["CAMPUS_SERVER_ROLES": "registrar=marchk"]) }
        #expect(whole.contains("CAMPUS_SERVER_ROLES sets nothing") && whole.contains("CAMPUS_SERVER_ROLES_NAME"), "\(whole)")
    }
}

/// `server.login`: settings in sections of their own, checked whole.
@Suite("The server's sign-in settings")
struct SignInSettingsTests {
    /// A secret file in `campus`'s home with `mode`; its path.
    private func secret(_ campus: TestCampus, mode: Int) throws -> String {
        let file = campus.home.appendingPathComponent("oidc-secret")
        try Data("s3cret\n".utf8).write(to: file)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        return file.path
    }

    /// What configuring `campus` with `file` is refused with.
    private func refusal(_ campus: TestCampus, _ file: String) async -> String {
        do {
            _ = try await configuration(campus, file: file)
            return "(nothing refused)"
        } catch {
            return "\(error)"
        }
    }

    private func configuration(_ campus: TestCampus, file: String, flags: [String] = [], environment: [String: String] = [:]) async throws
        -> ServerConfiguration
    {
        try campus.configure(file)
        return try await campus.context().serverConfiguration(flags: flags + ["--role", "registrar=marchk"], environment: environment)
    }

    @Test("login's nested sections are read from the file, their variables and flags; the sign-in services offered follow them")
    func nestedSections() async throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let path = try secret(campus, mode: 0o600)
        let file = """
            server:
              public-url: https://campus.example.edu
              login:
                password: off
                mfa: roles
                oidc:
                  issuer: https://login.example.edu
                  client-id: campus-lookup
                  client-secret-file: \(path)
                cas:
                  url: https://cas.example.edu/cas
            """
        let read = try await configuration(campus, file: file)
        #expect(!read.signIn.password && read.signIn.mfa == .roles && read.signIn.services == [.openID, .cas])
        let overridden = try await configuration(
            campus, file: file, flags: ["--login-password", "on"], environment: ["CAMPUS_SERVER_LOGIN_MFA": "everyone"])
        #expect(overridden.signIn.password && overridden.signIn.mfa == .everyone)
        let defaults = try await configuration(campus, file: "")
        #expect(defaults.signIn.password && defaults.signIn.mfa == .off && defaults.signIn.services.isEmpty)
    }

    @Test("a misspelt key in login, a secret others may read, no public-url, no way in, MFA without OIDC: each refused by name")
    func refusals() async throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        func refused(_ file: String) async -> String { await refusal(campus, file) }
        let open = try secret(campus, mode: 0o644)
        let oidc = "  public-url: https://campus.example.edu\n  login:\n    oidc:\n      issuer: https://login.example.edu\n      client-id: c\n"
        #expect(await refused("server:\n  login:\n    pasword: off\n").contains("server.login.pasword"))
        #expect(await refused("server:\n" + oidc + "      client-secret-file: \(open)\n").contains("chmod"))
        let noURL = "server:\n  login:\n    oidc:\n      issuer: https://login.example.edu\n      client-id: c\n      client-secret-file: \(try secret(campus, mode: 0o600))\n"
        #expect(await refused(noURL).contains("public-url"))
        #expect(await refused("server:\n  login:\n    password: off\n").contains("nobody could sign in"))
        #expect(await refused("server:\n  login:\n    mfa: roles\n").contains("login.mfa"))
        #expect(await refused("server:\n  login:\n    mfa: sometimes\n").contains("'sometimes' is not off, everyone or roles"))
        #expect(await refused("server:\n  login: off\n").contains("server.login"), "a section written as one value")
        let plain = "server:\n  public-url: https://campus.example.edu\n  login:\n    oidc:\n      issuer: http://login.example.edu\n"
        #expect(await refused(plain + "      client-id: c\n      client-secret-file: \(try secret(campus, mode: 0o600))\n").contains("https://"))
        #expect(await refused("server:\n  public-url: https://campus.example.edu\n  login:\n    cas:\n      url: http://cas.example.edu/cas\n")
            .contains("https://"))
        let loopback = try await configuration(campus, file: "server:\n  public-url: https://campus.example.edu\n  login:\n    cas:\n      url: http://127.0.0.1:9/cas\n")
        #expect(loopback.signIn.services == [.cas], "plain HTTP on this machine only")
    }

    @Test("SAML is read from its section; metadata from an address must be pinned or signed, the key only its owner's, with its certificate")
    func saml() async throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let keys = try SAMLTestIdentityProvider()
        defer { keys.close() }
        let metadata = keys.folder.appendingPathComponent("idp.xml").path
        try Data(keys.metadata(singleSignOn: "https://idp.example.edu/sso").utf8).write(to: URL(fileURLWithPath: metadata))
        let base = "server:\n  public-url: https://campus.example.edu\n  login:\n    mfa: everyone\n    saml:\n"
        let read = try await configuration(campus, file: base + "      idp-metadata: \(metadata)\n")
        #expect(read.signIn.services == [.saml] && read.signIn.mfa == .everyone, "SAML can ask for a second factor")
        #expect(read.signIn.label(of: .saml) == "Sign in with Campus SSO", "one way in needs no protocol's name")
        func refused(_ file: String) async -> String { await refusal(campus, file) }
        #expect(await refused(base + "      idp-metadata: https://idp.example.edu/metadata\n").contains("idp-certificate"))
        let pinned = base + "      idp-metadata: https://idp.example.edu/metadata\n      idp-certificate: \(keys.path("idp", "crt"))\n"
        #expect(try await configuration(campus, file: pinned).signIn.services == [.saml])
        #expect(await refused(base + "      idp-metadata: http://idp.example.edu/metadata\n      idp-certificate: \(keys.path("idp", "crt"))\n")
            .contains("https://"))
        #expect(await refused(base + "      idp-metadata: \(metadata)\n      idp-certificate: \(metadata)\n").contains("no PEM certificate"))
        #expect(await refused(base + "      idp-metadata: \(metadata)\n      sp-key-file: \(keys.path("sp", "key"))\n").contains("set both or neither"))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: keys.path("sp", "key"))
        let withKey = base + "      idp-metadata: \(metadata)\n      sp-key-file: \(keys.path("sp", "key"))\n      sp-certificate-file: \(keys.path("sp", "crt"))\n"
        #expect(await refused(withKey).contains("chmod"), "a key others may read is refused")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: keys.path("sp", "key"))
        #expect(try await configuration(campus, file: withKey).signIn.services == [.saml])
        let junk = keys.folder.appendingPathComponent("junk.key")
        try Data("not a key\n".utf8).write(to: junk)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: junk.path)
        #expect(await refused(withKey.replacingOccurrences(of: keys.path("sp", "key"), with: junk.path)).contains("holds no private key"))
        #expect(await refused(base + "      idp-metadata: \(metadata)\n      clock-skew-seconds: 3600\n").contains("between 0 and 600"))
    }
}
