import CampusCore
@testable import CampusLookup
import Foundation
import Testing

/// The one door as the command line uses it: the operator of this machine, whom every rule
/// allows, whose reads are no disclosures, from whom suppressed people stay hidden; and what
/// only the operator does, refused to everyone else.
@Suite("The door as the operator uses it")
struct OperatorDoorTests {
    /// A server's door over `campus` under ferpa-strict, `registrar` holding the registrar role.
    private func served(_ campus: CampusContext, registrar: String) throws -> CampusService {
        var configuration = ServerConfiguration.operating
        configuration.policy = try Policy.load(from: try campus.locator.policy("ferpa-strict"))
        configuration.roles = ["registrar": [registrar]]
        return try CampusService(campus: campus, configuration: configuration, login: nil, clock: SystemClock())
    }

    private func recorded(_ built: DemoIndex.Built) async throws -> Int {
        try await built.state.disclosures(matching: DisclosureQuery(), limit: 100, offset: 0).total
    }

    @Test("the operator's reads of education records are no disclosures; the registrar's through the same door are")
    func operatorRecordsNothing() async throws {
        let built = try await DemoIndex.fresh()
        let door = CampusService(operating: built.campus)
        let week = try await door.schedule(of: "brennam", term: "202630", as: .operator(named: "ops"), now: DemoIndex.now)
        #expect(!week.answer.sections.isEmpty)
        #expect(week.withheld.isEmpty, "every rule allows the operator: nothing is withheld")
        _ = try await door.roster(ofSection: "CSSE474-01", term: "202630", as: .operator(named: "ops"), now: DemoIndex.now)
        _ = try await door.history(of: "brennam", as: .operator(named: "ops"), now: DemoIndex.now)
        #expect(try await recorded(built) == 0)

        let registrar = Caller(username: "registrar1", roles: ["registrar"])
        _ = try await served(built.campus, registrar: "registrar1").schedule(of: "brennam", term: "202630", as: registrar, now: DemoIndex.now)
        #expect(try await recorded(built) == 1, "the registrar's read is recorded")
    }

    @Test("the operator's favorites are kept under their login name as the system spells it")
    func favoritesKeepTheLoginName() async throws {
        let built = try await DemoIndex.fresh()
        let door = CampusService(operating: built.campus)
        #expect(try await door.addFavorite("brennam", group: "study", as: .operator(named: "JSmith"), now: DemoIndex.now))
        #expect(try await built.state.favorites(owner: "JSmith", group: nil).map(\.username) == ["brennam"])
        let listed = try await door.favorites(group: nil, as: .operator(named: "JSmith"), now: DemoIndex.now).answer.statuses
        #expect(listed.map(\.favorite.username) == ["brennam"])
    }

    @Test("people the directory suppresses stay hidden from the operator")
    func suppressedStayHidden() async throws {
        let door = CampusService(operating: try await DemoIndex.campus())
        await #expect { try await door.person("ashbye", as: .operator(), now: DemoIndex.now) } throws: { error in
            if case .noMatch(_, "ashbye", _) = error as? CampusError { true } else { false }
        }
    }

    @Test("what only the operator does is refused to a member (403) and to nobody (401)")
    func operatorOnly() async throws {
        let built = try await DemoIndex.fresh()
        let door = try served(built.campus, registrar: "registrar1")
        let registrar = Caller(username: "registrar1", roles: ["registrar"])
        #expect { try door.reparse(term: nil, force: false, as: registrar, now: DemoIndex.now) } throws: { error in
            guard case .forbidden(_, "operator", _, _, let subject) = error as? CampusError else { return false }
            return subject.contains("rebuilding terms")
        }
        #expect(throws: CampusError.unauthenticated) { try door.importFiles([TestCampus.demoPages.path], as: .anonymous, now: DemoIndex.now) }
        await #expect { try await door.overlay(
            usernames: ["brennam"], roster: nil, busyFiles: ["/etc/passwd"], term: "202630",
            options: OverlayOptions(), as: registrar, now: DemoIndex.now)
        } throws: { error in
            if case .forbidden(_, "operator", _, _, _) = error as? CampusError { true } else { false }
        }
        #expect(try door.lastDirectorySync(as: .operator()) != nil, "the operator may")
    }
}
