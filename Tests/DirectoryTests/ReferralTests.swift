import Foundation
import SlapdHarness
import Testing
@testable import Directory

@Suite("Referrals are reported, never followed", .serialized, .slapd(ldif: { TestPeople.named + TestPeople.referral }))
struct ReferralTests {
    @Test("a subtree search over a referral entry reports its search reference")
    func searchReference() throws {
        let server = try SlapdScope.server()
        let outcome = try server.connect().search(DirectorySearchRequest(base: server.baseDN, filter: LDAPFilter.equals("uid", "valer"))) { _ in }
        #expect(outcome.entryCount == 1)
        #expect(outcome.referrals.contains { $0.hasPrefix("ldap://directory.example.edu/") })
    }

    @Test("a search based at a referral is partial, with the referral")
    func referralResult() throws {
        let server = try SlapdScope.server()
        let outcome = try server.connect().search(DirectorySearchRequest(base: "ou=Elsewhere,\(server.baseDN)")) { _ in }
        #expect(outcome.entryCount == 0)
        #expect(outcome.partial)
        #expect(outcome.referrals.contains { $0.hasPrefix("ldap://directory.example.edu/") })
        #expect(outcome.warnings.contains { $0.contains("not followed") })
    }
}
