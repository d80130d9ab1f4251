import CampusLookup
import Foundation
import Testing

/// Policy files as `campus serve` reads them: each problem named by file and key; `consent` only for schedules.
@Suite("Policy files")
struct PolicyFileTests {
    private func load(_ text: String) throws(CampusError) -> Policy {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("policy-\(UUID().uuidString).yaml")
        try? text.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        return try Policy.load(from: url)
    }

    private func problem(_ text: String) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test("consent opens a schedule to whom the student consented, and nothing else")
    func consentBasis() throws {
        let policy = try load("name: p\nrules:\n  schedule: [self, consent]\n  directory: [member]\n")
        let friend = Caller(username: "brennam", affiliation: .student)
        #expect(policy.grant(.schedule, to: friend) == nil)
        let grant = try #require(policy.grant(.schedule, to: friend, relations: Relations(isConsented: true)))
        #expect(grant.description == "p: schedule (consent)")
        #expect(policy.grant(.schedule, to: .anonymous, relations: Relations(isConsented: true)) == nil, "never to nobody")
        #expect(problem("name: p\nrules:\n  roster: [instructor, consent]\n")?.contains("rules.roster: consent opens a student's schedule only") == true)
        #expect(problem("name: p\nrules:\n  bannerId: [consent]\n")?.contains("rules.bannerId") == true)
    }

    @Test("a rule that is none, and a key that is none, are named")
    func mistakes() {
        #expect(problem("name: p\nrules:\n  schedules: [self]\n")?.contains("rules.schedules is not a rule") == true)
        #expect(problem("name: p\nrule:\n  schedule: [self]\n")?.contains("unknown key 'rule'") == true)
        #expect(problem("name: p\nrules:\n  schedule: self\n")?.contains("expected a list") == true)
    }
}
