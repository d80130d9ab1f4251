import CampusCore
import Testing

@Suite("Lengths of time as people type them")
struct DurationTextTests {
    @Test("minutes, hours, both, clock form and words", arguments: [
        ("50", 50), ("50m", 50), ("50 min", 50), ("1h", 60), ("1h30m", 90), ("1h30", 90), ("1:30", 90),
        ("90 minutes", 90), ("2 hours", 120), ("24h", 1440), ("1H 5M", 65),
    ])
    func reads(text: String, minutes: Int) {
        #expect(DurationText.minutes(text) == minutes)
    }

    @Test("nothing, zero, past a day, signs, units it does not know, numbers without end", arguments: [
        "", "0", "0m", "25h", "1441", "-5", "+5", "5s", "m", "1.5h", "30 1h", "1:5", "1:60", "h30", "99999999999999999999",
    ])
    func refuses(text: String) {
        #expect(DurationText.minutes(text) == nil)
    }

    @Test("the shortest form of a length")
    func text() {
        #expect(DurationText.text(50) == "50m" && DurationText.text(60) == "1h" && DurationText.text(90) == "1h30m")
    }
}
