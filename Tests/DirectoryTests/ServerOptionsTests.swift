import Foundation
import Testing
@testable import Directory

@Suite("Server options and secrets")
struct ServerOptionsTests {
    @Test("only ldap, ldaps and ldapi URLs are accepted, StartTLS only on ldap")
    func urls() throws {
        #expect(try DirectoryServer(url: "ldap://ldap.rose-hulman.edu").host == "ldap.rose-hulman.edu")
        #expect(try DirectoryServer(url: "LDAPS://ldap.rose-hulman.edu:636").host == "ldap.rose-hulman.edu")
        _ = try DirectoryServer(url: "ldapi://%2Fvar%2Frun%2Fslapd%2Fldapi")
        #expect(throws: DirectoryError.invalidURL("https://ldap.rose-hulman.edu", detail: "it must start with ldap://, ldaps:// or ldapi://")) {
            try DirectoryServer(url: "https://ldap.rose-hulman.edu")
        }
        #expect(throws: DirectoryError.self) { try DirectoryServer(url: "ldap.rose-hulman.edu") }
        #expect(throws: DirectoryError.self) { try DirectoryServer(url: "ldaps://ldap.rose-hulman.edu", tls: .startTLS(required: true)) }
    }

    @Test("secrets never print")
    func redaction() {
        let secret = DirectorySecret("hunter2")
        #expect("\(secret)" == "<redacted>")
        #expect(String(reflecting: secret) == "<redacted>")
        #expect(!"\(DirectoryCredential.simple(bindDN: "cn=x", password: secret, source: "a file"))".contains("hunter2"))
    }

    @Test("a password file loses one trailing newline; missing and empty files are clear errors")
    func passwordFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("secrets-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "s3cret\n".write(toFile: directory + "/good", atomically: true, encoding: .utf8)
        try "two\n\n".write(toFile: directory + "/two", atomically: true, encoding: .utf8)
        try "\n".write(toFile: directory + "/empty", atomically: true, encoding: .utf8)
        for name in ["good", "two", "empty"] {
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: directory + "/" + name)
        }
        #expect(try DirectorySecret.readFile(directory + "/good") == DirectorySecret("s3cret"))
        #expect(try DirectorySecret.readFile(directory + "/two") == DirectorySecret("two\n"))
        #expect(throws: DirectoryError.invalidCredentialFile(path: directory + "/empty", detail: "it is empty")) {
            try DirectorySecret.readFile(directory + "/empty")
        }
        #expect(throws: DirectoryError.invalidCredentialFile(path: directory + "/none", detail: "there is no such file")) {
            try DirectorySecret.readFile(directory + "/none")
        }
    }

    @Test("an unset environment variable is a clear error")
    func environment() {
        #expect(throws: DirectoryError.missingEnvironmentVariable("CAMPUS_TEST_UNSET_VARIABLE")) {
            try DirectorySecret.environment("CAMPUS_TEST_UNSET_VARIABLE")
        }
        #expect(DirectoryError.missingEnvironmentVariable("X").description.contains("X"))
    }
}
