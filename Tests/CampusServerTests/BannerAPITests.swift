import CampusLookup
import Foundation
import Testing

/// The JSON API and the web app on an index fed from the real Banner 9 answers: the same
/// answers, with what Banner adds (CRN, credits, campus, schedule type, waitlist, link,
/// instructors' e-mail and primary mark, meetings' kinds and dates).
@Suite("The API and the web app on a Banner-fed index", .serialized)
struct BannerAPITests {
    @Test("a Banner section answers with Banner's facts, its page shows them, and a search finds it by CRN")
    func bannerSection() async throws {
        let root = try ServerFiles.freshRoot()
        defer { try? FileManager.default.removeItem(at: root) }
        let index = try await ServerFiles.demoIndex(in: root)
        try ServerFiles.writeConfiguration("index: \(index.path)\n", in: root)
        let samples = DemoIndexFile.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/registrar-samples/banner9")
        let report = try CampusService(operating: try ServerFiles.campus(in: root)).importFiles(
            [samples.path], definition: "thompson-rivers", as: .operator(), now: Date())
        #expect(report.failures.isEmpty)

        let server = try await RoutedServer.start(root: root)
        defer { Task { await server.stop() } }
        let token = try await server.logIn("marchk")
        let answer = try await server.send(.GET, "/v1/sections/COMP1130-02?term=201820", token: token)
        #expect(answer.status == 200, "\(answer.text)")
        let section = try #require(answer.json["section"] as? [String: Any])
        #expect(section["crn"] as? String == "20433")
        #expect(section["campus"] as? String == "Kamloops")
        #expect(section["scheduleType"] as? String == "Lecture")
        let instructor = try #require((section["instructors"] as? [[String: Any]])?.first)
        #expect((instructor["email"] as? String)?.lowercased() == "fahmed@tru.ca")
        #expect(instructor["primary"] as? Bool == true)
        let meeting = try #require((section["meetings"] as? [[String: Any]])?.first)
        #expect(meeting["firstDay"] as? String == "2018-01-08" && meeting["lastDay"] as? String == "2018-04-28")
        #expect(meeting["kind"] as? String == "class")

        let search = try await server.send(.GET, "/v1/search?q=20433&term=201820", token: token)
        #expect(search.status == 200 && search.text.contains("COMP1130-02"), "\(search.text)")
        let page = try await server.page("/sections/COMP1130-02?term=201820", session: token)
        #expect(page.status == 200 && page.text.contains("Computer Programming 1") && page.text.contains("Ahmed, Faheem"))
    }
}
