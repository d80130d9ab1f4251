import CampusCore
import Foundation
import Registrar
import Testing

/// Loading `scrapers/rose-hulman.yaml`, the requests and saved-page paths it gives, and its errors.
@Suite struct RegistrarDefinitionTests {
    let term = TermCode("202630")!

    @Test func loadsTheRoseHulmanDefinition() throws {
        let definition = try RegistrarTestFiles.definition()
        #expect(definition.name == "Rose-Hulman Institute of Technology")
        #expect(definition.calendar.timeZone.name == "America/Indiana/Indianapolis")
        #expect(definition.campusDescription.scheduleLinks?.student == "/regweb-cgi/reg-sched.pl?type=Username&termcode={term}&view=tgrid&id={id}")
        #expect(definition.termScheme == TermScheme.quarters)
        #expect(definition.subjects.contains("CSSE"))
        #expect(definition.periods.starts[1] == ClockTime(iso: "08:05"))
        #expect(definition.periods.starts[7] == ClockTime(iso: "13:35"))
        #expect(definition.periods.minutes == 50)
    }

    @Test func requestsCarryTheLookup() throws {
        let definition = try RegistrarTestFiles.definition()
        let base = URL(string: "https://registrar.example.edu")!
        let roster = definition.request(for: .roster(id: "CSSE474-02", term: term))
        #expect(roster.method == "GET")
        #expect(roster.body == nil)
        #expect(roster.url(relativeTo: base).absoluteString
            == "https://registrar.example.edu/regweb-cgi/reg-sched.pl?type=Roster&termcode=202630&view=tgrid&id=CSSE474-02")
        #expect(definition.request(for: .student(username: "quinna", term: term)).query.first == QueryItem(name: "type", value: "Username"))
        #expect(definition.request(for: .lastName("O'Neil", term: term)).url(relativeTo: base).absoluteString
            == "https://registrar.example.edu/regweb-cgi/reg-sched.pl?termcode=202630&view=tgrid&lnameid=O%27Neil&lnamebt=Lastname")
        let terms = definition.request(for: .termList)
        #expect(terms.url(relativeTo: URL(string: "http://127.0.0.1:8080/mirror/")!).absoluteString
            == "http://127.0.0.1:8080/mirror/regweb-cgi/reg-sched.pl")
        let csv = definition.request(for: .rosterCSV(section: "CSSE220-01", term: TermCode("202710")!))
        #expect(csv.method == "POST")
        #expect(csv.path == "/regweb-cgi/reg-download.pl")
        #expect(csv.body == [QueryItem(name: "id", value: "CSSE220-01"), QueryItem(name: "download", value: "Download Roster")])
        #expect(csv.encodedBody == "id=CSSE220-01&download=Download+Roster")
    }

    @Test func savedPagePathsRoundTrip() throws {
        let definition = try RegistrarTestFiles.definition()
        let lookups: [Lookup] = [
            .termList, .course(prefix: "CSSE3", term: term), .roster(id: "CSSE474-02", term: term),
            .roster(id: "CSSE474", term: term), .instructor(username: "valer", term: term),
            .student(username: "quinna", term: term), .room("O203-1", term: term), .lastName("Quinn", term: term),
            .rosterCSV(section: "CSSE220-01", term: TermCode("202710")!), .room("A/B", term: term),
        ]
        for lookup in lookups {
            let path = definition.savedPagePath(for: lookup)
            #expect(definition.lookup(forSavedPagePath: path) == lookup, "\(path)")
        }
        #expect(definition.savedPagePath(for: .termList) == "terms.html")
        #expect(definition.savedPagePath(for: .roster(id: "CSSE474-02", term: term)) == "202630/Roster-CSSE474-02.html")
        #expect(definition.savedPagePath(for: .rosterCSV(section: "CSSE220-01", term: term)) == "202630/Roster-CSSE220-01.csv")
        #expect(definition.savedPagePath(for: .student(username: "quinna", term: term)) == "202630/Username-quinna.html")
        #expect(definition.lookup(forSavedPagePath: "./202630/Course-CSSE3.html") == .course(prefix: "CSSE3", term: term))
        #expect(definition.lookup(forSavedPagePath: "/srv/saved/202630/Roster-CSSE474-02.html") == .roster(id: "CSSE474-02", term: term))
        #expect(definition.lookup(forSavedPagePath: "/srv/saved/terms.html") == .termList)
        #expect(definition.lookup(forSavedPagePath: "202630/Weather-today.html") == nil)
        #expect(definition.lookup(forSavedPagePath: "spring/Course-CSSE3.html") == nil)
        #expect(definition.lookup(forSavedPagePath: "202630/Course-.html") == nil)
    }
}
