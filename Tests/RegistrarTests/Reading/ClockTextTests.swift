import CampusCore
import Testing
@testable import Registrar

/// Times of day as the registrar writes them.
@Suite struct ClockTextTests {
    @Test(arguments: [
        ("8:05", "08:05"), ("12:40", "12:40"), ("1:35", "13:35"), ("7:59", "19:59"), ("1:35pm", "13:35"),
        ("8:00am", "08:00"), ("12:00am", "00:00"), ("12:30pm", "12:30"), ("1730", "17:30"), ("0800", "08:00"),
        ("11:00", "11:00"), ("3PM", "15:00"),
    ])
    func reads(text: String, iso: String) {
        #expect(ClockText.read(Substring(text), afternoonHours: 1...7)?.iso == iso)
    }

    @Test(arguments: ["", "9", "25:00", "9:5", "9:000", "ab:cd", "2460", "pm", "12345"])
    func refuses(text: String) {
        #expect(ClockText.read(Substring(text), afternoonHours: 1...7) == nil)
    }
}
