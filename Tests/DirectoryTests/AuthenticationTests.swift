import Foundation
import SlapdHarness
import Testing
@testable import Directory

@Suite("Checking passwords", .serialized, .slapd(ldif: { TestPeople.named }))
struct AuthenticationTests {
    static func authenticator(_ server: SlapdServer) throws -> DirectoryAuthenticator {
        try DirectoryAuthenticator(server: try server.plain(), serviceCredential: try server.adminCredential(),
                                   searchBase: "ou=People,\(server.baseDN)", userFilter: "(uid={username})")
    }

    static func setPasswords(_ server: SlapdServer) throws {
        for (uid, password) in [("valer", "correct horse"), ("brennam", "battery staple")] {
            try server.modify(ldif: """
                dn: uid=\(uid),ou=People,\(server.baseDN)
                changetype: modify
                replace: userPassword
                userPassword: \(password)

                """)
        }
    }

    @Test("the right password gives the person's DN")
    func rightPassword() throws {
        let server = try SlapdScope.server()
        try Self.setPasswords(server)
        #expect(try Self.authenticator(server).authenticate(username: "valer", password: DirectorySecret("correct horse"))
            == "uid=valer,ou=People,dc=rose-hulman,dc=edu")
    }

    @Test("a wrong password and an unknown user give the same error")
    func sameErrorForBoth() throws {
        let server = try SlapdScope.server()
        try Self.setPasswords(server)
        let authenticator = try Self.authenticator(server)
        #expect(throws: DirectoryError.wrongUsernameOrPassword) {
            try authenticator.authenticate(username: "valer", password: DirectorySecret("battery staple"))
        }
        #expect(throws: DirectoryError.wrongUsernameOrPassword) {
            try authenticator.authenticate(username: "nobody", password: DirectorySecret("correct horse"))
        }
        #expect(throws: DirectoryError.wrongUsernameOrPassword) {
            try authenticator.authenticate(username: "whitfid", password: DirectorySecret("anything"))
        }
    }

    @Test("an empty password is refused, since LDAP would take it as an anonymous bind")
    func emptyPassword() throws {
        let server = try SlapdScope.server()
        #expect(throws: DirectoryError.emptyPassword) {
            try Self.authenticator(server).authenticate(username: "valer", password: DirectorySecret(""))
        }
    }

    @Test("filter syntax in a username cannot log in as someone else", arguments: InjectionTests.corpus + ["br*", "*)(uid=brennam"])
    func injectedUsernames(username: String) throws {
        let server = try SlapdScope.server()
        try Self.setPasswords(server)
        for password in ["correct horse", "battery staple"] {
            #expect(throws: DirectoryError.wrongUsernameOrPassword) {
                try Self.authenticator(server).authenticate(username: username, password: DirectorySecret(password))
            }
        }
    }

    @Test("a filter template without the placeholder is refused")
    func badTemplate() throws {
        let server = try SlapdScope.server()
        #expect(throws: DirectoryError.invalidUserFilter("(uid=valer)")) {
            try DirectoryAuthenticator(server: try server.plain(), serviceCredential: .anonymous,
                                       searchBase: server.baseDN, userFilter: "(uid=valer)")
        }
    }
}
