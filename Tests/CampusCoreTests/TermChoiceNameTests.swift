import CampusCore
import Testing

@Suite("Terms named by season and year")
struct TermChoiceNameTests {
    @Test("a season and the calendar year it starts in, or the registrar's name, is its code", arguments: [
        ("spring 2026", "202630"), ("Spring 2025-2026", "202630"), ("fall 2025", "202610"),
        ("summer 2026", "202640"), ("winter 2025", "202620"), ("  FALL   2026 ", "202710"), ("202630", "202630"),
    ])
    func readsNames(text: String, expected: String) throws {
        let choice = try #require(TermChoice(text, scheme: .quarters))
        #expect(choice == .code(TermCode(expected)!))
    }

    @Test("relative words still read relative to the date")
    func readsRelative() {
        #expect(TermChoice("next", scheme: .quarters) == .next)
    }

    @Test("names outside the scheme are refused", arguments: [
        "autumn 2025", "spring", "spring 26", "spring 2025-2027", "spring of 2026", "",
    ])
    func refuses(text: String) {
        #expect(TermChoice(text, scheme: .quarters) == nil)
    }
}
