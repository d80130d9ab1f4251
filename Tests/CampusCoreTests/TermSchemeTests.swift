import CampusCore
import Testing

@Suite("Term codes and the quarter scheme")
struct TermSchemeTests {
    let scheme = TermScheme.quarters

    @Test("names a code the way the registrar's heading does")
    func names() {
        #expect(scheme.name(of: TermCode("202630")!) == "Spring 2025-2026")
        #expect(scheme.name(of: TermCode("202710")!) == "Fall 2026-2027")
        #expect(scheme.name(of: TermCode("202655")!) == nil)
    }

    @Test("reads a printed name back into its code")
    func codes() {
        #expect(scheme.code(named: "Fall 2026-2027") == TermCode("202710"))
        #expect(scheme.code(named: "spring 2025-2026") == TermCode("202630"))
        #expect(scheme.code(named: "Spring 2025-2027") == nil)
        #expect(scheme.code(named: "Autumn 2025-2026") == nil)
    }

    @Test("steps across academic years", arguments: [
        ("202540", "202610"), ("202610", "202620"), ("202630", "202640"), ("202640", "202710"),
    ])
    func nextAndPrevious(before: String, after: String) {
        #expect(scheme.next(after: TermCode(before)!) == TermCode(after))
        #expect(scheme.previous(before: TermCode(after)!) == TermCode(before))
    }

    @Test("finds the term in session on a date", arguments: [
        (2026, 11, "202710"), (2026, 12, "202720"), (2027, 1, "202720"), (2026, 3, "202630"),
        (2026, 5, "202630"), (2026, 6, "202640"), (2026, 8, "202640"), (2026, 9, "202710"),
    ])
    func current(year: Int, month: Int, expected: String) {
        #expect(scheme.current(year: year, month: month) == TermCode(expected))
    }

    @Test("term codes are digits only and sort in calendar order")
    func codeValidation() {
        #expect(TermCode("2026-30") == nil)
        #expect(TermCode("") == nil)
        #expect(TermCode(" 202630 ")?.rawValue == "202630")
        #expect(TermCode("202540")! < TermCode("202610")!)
    }
}

@Suite("Terms named on the command line")
struct TermChoiceTests {
    @Test("current, next and previous are relative to the date", arguments: [
        ("current", "202710"), ("next", "202720"), ("previous", "202640"), ("202630", "202630"), ("NEXT", "202720"),
    ])
    func resolves(text: String, expected: String) throws {
        let choice = try #require(TermChoice(text))
        #expect(choice.resolve(in: .quarters, year: 2026, month: 11) == TermCode(expected))
    }

    @Test("anything else is refused", arguments: ["spring", "2026-30", ""])
    func refuses(text: String) {
        #expect(TermChoice(text) == nil)
    }
}
