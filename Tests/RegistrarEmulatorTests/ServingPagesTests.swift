import Foundation
import RegistrarEmulator
import Testing

/// Lookups map to the saved pages, as reg-sched.pl answers them.
@Suite struct ServingPagesTests {
    @Test func aRosterLookupServesTheSavedRosterPage() async throws {
        try await withEmulator { client in
            let answer = try await client.lookup("type=Roster&termcode=202630&view=tgrid&id=CSSE474-02")
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "text/html")
            #expect(answer.body == (try EmulatorClient.page("202630/Roster-CSSE474-02.html")))
        }
    }

    @Test func idsAreNormalisedToTheSavedNames() async throws {
        try await withEmulator { client in
            let roster = try await client.lookup("type=roster&termcode=202630&view=tgrid&id=csse474-02")
            #expect(roster.body == (try EmulatorClient.page("202630/Roster-CSSE474-02.html")))
            let student = try await client.lookup("type=Username&termcode=202630&view=tgrid&id=BRENNAM")
            #expect(student.body == (try EmulatorClient.page("202630/Username-brennam.html")))
        }
    }

    @Test func withoutALookupItServesTheSearchForm() async throws {
        try await withEmulator { client in
            let answer = try await client.send(path: "/regweb-cgi/reg-sched.pl", method: .GET, headers: [:])
            #expect(answer.status == 200)
            #expect(answer.body.contains("<SELECT NAME=termcode>"))
            #expect(answer.body == (try EmulatorClient.page("terms.html")))
        }
    }

    @Test func theSearchFormsPostAnswersLikeALookup() async throws {
        try await withEmulator { client in
            let answer = try await client.post(
                "/regweb-cgi/reg-sched.pl", form: "termcode=202630&view=tgrid&id1=brennam&bt1=Username")
            #expect(answer.body == (try EmulatorClient.page("202630/Username-brennam.html")))
        }
    }

    @Test func aLookupWithoutATermUsesTheNewestTermThatHasThePage() async throws {
        try await withEmulator { client in
            let answer = try await client.lookup("type=Instructor&view=tgrid&id=whitfid")
            #expect(answer.body == (try EmulatorClient.page("202640/Instructor-whitfid.html")))
        }
    }

    @Test func aLookupThatMatchesNothingGetsTheNoMatchPageWithStatus200() async throws {
        try await withEmulator { client in
            let answer = try await client.lookup("type=Username&termcode=202630&view=tgrid&id=zzqx")
            #expect(answer.status == 200)
            #expect(answer.body.contains("<B>No Match Found for zzqx</B> in Spring 2025-2026"))
            #expect(answer.body.contains("CLASS=bw80>Username: zzqx"))
            #expect(!answer.body.contains("BORDER=1"))
        }
    }

    @Test func aMalformedLookupIsRefusedWith400() async throws {
        try await withEmulator { client in
            let traversal = try await client.lookup("type=Roster&termcode=202630&id=..%2F..%2Fetc%2Fpasswd")
            #expect(traversal.status == 400)
            let badTerm = try await client.lookup("type=Roster&termcode=spring&id=CSSE474-02")
            #expect(badTerm.status == 400)
            let badType = try await client.lookup("type=Weather&termcode=202630&id=O159")
            #expect(badType.status == 400)
        }
    }

    @Test func theRosterDownloadAnswersTheCSV() async throws {
        try await withEmulator { client in
            let csv = try FileManager.default.contentsOfDirectory(
                atPath: EmulatorClient.demoPages.appendingPathComponent("202630").path
            ).first { $0.hasSuffix(".csv") }
            let file = try #require(csv)
            let section = String(file.dropFirst("Roster-".count).dropLast(".csv".count))
            let answer = try await client.post(
                "/regweb-cgi/reg-download.pl", form: "id=\(section)&termcode=202630&download=Download+Roster")
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"] == "text/csv")
            #expect(answer.body.hasPrefix("\"Course Roster for \(section) ("))
            #expect(answer.body == (try EmulatorClient.page("202630/\(file)")))
        }
    }

    @Test func startingOnAPortInUseSaysSoAndSuggestsAnother() async throws {
        try await withEmulator { client in
            let port = client.emulator.port
            await #expect {
                _ = try await RegistrarEmulator.start(pagesDirectory: EmulatorClient.demoPages, port: port)
            } throws: { error in
                "\(error)".contains("could not listen on 127.0.0.1:\(port)") && "\(error)".contains("another --port")
            }
        }
    }

    @Test func startingOnAMissingDirectorySaysWhichDirectory() async {
        let missing = URL(fileURLWithPath: "/nonexistent/saved-pages")
        await #expect {
            _ = try await RegistrarEmulator.start(pagesDirectory: missing)
        } throws: { error in
            "\(error)".contains("/nonexistent/saved-pages")
        }
    }
}
