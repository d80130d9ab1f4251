import Foundation
import SlapdHarness
import Testing
@testable import Directory

@Suite("Filter injection", .serialized, .slapd(ldif: { TestPeople.named + "\n" + TestPeople.numbered(20) }))
struct InjectionTests {
    static let corpus = [
        "*", "*)(uid=*))(|(uid=*", "valer)(|(objectClass=*", "valer)(uid=*", "*)(objectClass=*", "val*",
        "valer\u{0}", "\u{0}*", "valer\\", "\\2a", "\\", "valer\\29", ")(", "(|(uid=*))", "*)(&", "valer*)(cn=*",
        "uid=valer", "*\u{0})(uid=*", "é*", "valer)(!(uid=x)",
    ]

    static func uids(matching username: String, on server: SlapdServer) throws -> [String] {
        var found: [String] = []
        try server.connect().search(DirectorySearchRequest(base: server.baseDN, filter: LDAPFilter.equals("uid", username),
                                                           attributes: ["uid"])) { found += $0.compactMap { $0.text("uid") } }
        return found
    }

    @Test("hostile usernames match nothing", arguments: corpus)
    func hostileUsernames(username: String) throws {
        #expect(try Self.uids(matching: username, on: try SlapdScope.server()).isEmpty)
    }

    @Test("exact usernames still match exactly one person")
    func exactUsernames() throws {
        let server = try SlapdScope.server()
        for username in ["valer", "brennam", "whitfid", "u000007"] {
            #expect(try Self.uids(matching: username, on: server) == [username])
        }
    }

    @Test("values full of filter syntax are found exactly, through libldap's filter parser and the server's")
    func roundTripThroughTheServer() throws {
        let server = try SlapdScope.server()
        let values = RandomValues.strings(count: 40, maximumLength: 16, seed: 2696)
            .map { $0.filter { $0 != "\u{0}" && !$0.isWhitespace } }.filter { !$0.isEmpty }
        let ldif = "dn: uid=u000001,ou=People,\(server.baseDN)\nchangetype: modify\nreplace: description\n"
            + values.map { "description:: \(Data($0.utf8).base64EncodedString())\n" }.joined()
        try server.modify(ldif: ldif)
        let connection = try server.connect()
        for value in values {
            var found: [String] = []
            try connection.search(DirectorySearchRequest(base: server.baseDN, filter: LDAPFilter.equals("description", value),
                                                         attributes: ["uid"])) { found += $0.compactMap { $0.text("uid") } }
            #expect(found == ["u000001"], "\(value)")
        }
    }
}
