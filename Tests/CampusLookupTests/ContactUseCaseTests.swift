import CampusCore
@testable import CampusLookup
import Foundation
import Testing

@Suite("Contact cards, e-mail and photos, on the demo campus in memory")
struct ContactUseCaseTests {
    @Test("a card merges the directory over the registrar and says when the directory was read")
    func card() async throws {
        let campus = try await DemoIndex.campus()
        let valer = try campus.contact(of: "VALER")
        #expect(valer.card.person.phone == "812-877-8411")
        #expect(valer.card.title == "Associate Professor")
        #expect(valer.card.hasPhoto)
        #expect(valer.card.photo == nil, "a card does not carry the photo's bytes")
        #expect(valer.directorySyncedAt == DemoIndex.now)
        #expect(valer.scheduleURL == nil, "no registrar URL is configured")
        #expect(valer.scheduleTerm == nil, "valer teaches nothing on the demo campus")
        #expect(try campus.contact(of: "whitfid").scheduleTerm?.rawValue == "202640", "the newest term with classes")
    }

    @Test("a vCard names the campus; a photo is its JPEG; an e-mail is a mailto")
    func exports() async throws {
        let campus = try await DemoIndex.campus()
        let vcard = try campus.vCard(of: "valer")
        #expect(vcard.contains("ORG:Rose-Hulman Institute of Technology"))
        #expect(vcard.contains("PHOTO:data:image/jpeg;base64,"))
        let photo = try campus.photo(of: "valer")
        #expect(Array(photo.prefix(3)) == [0xFF, 0xD8, 0xFF])
        #expect("\(try await CampusService(operating: campus).email(of: "valer", as: .operator()))" == "mailto:valer@rose-hulman.edu")
        #expect(throws: CampusError.noPhoto(username: "jarvisb")) { try campus.photo(of: "jarvisb") }
    }

    @Test("a suppressed person is no card, like an unknown one")
    func suppressed() async throws {
        let campus = try await DemoIndex.campus()
        #expect { try campus.contact(of: "ashbye") } throws: { error in
            if case .noMatch(_, "ashbye", _) = error as? CampusError { true } else { false }
        }
        #expect { try campus.vCard(of: "holtq") } throws: { ($0 as? CampusError).map { "\($0)".contains("holtq") } ?? false }
    }

    @Test("with a registrar URL configured the card links the registrar's page of the schedule")
    func registrarLink() async throws {
        let demo = try await DemoIndex.campus()
        var configuration = CampusConfiguration()
        configuration.registrar.url = "https://registrar.example.edu/mirror/"
        let campus = CampusContext(
            index: try demo.index(), state: try demo.userState(), configuration: configuration)
        let answer = try campus.contact(of: "whitfid")
        #expect(answer.scheduleURL?.absoluteString
            == "https://registrar.example.edu/mirror/regweb-cgi/reg-sched.pl?type=Instructor&termcode=202640&view=tgrid&id=whitfid")
        let student = try campus.contact(of: "brennam")
        #expect(student.scheduleURL?.absoluteString.contains("type=Username&termcode=202640") == true)
    }
}
