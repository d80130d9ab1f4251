import CampusCore
@testable import Registrar
import Testing

@Suite("Banner 8's small texts")
struct Banner8TextTests {
    @Test("a date reads in any letter case; a month spelt with other characters is no date, whatever bytes its first three are")
    func dates() {
        #expect(Banner8Text.date("SEP 09, 2015") == CalendarDate(year: 2015, month: 9, day: 9))
        #expect(Banner8Text.date("sep 09, 2015") == CalendarDate(year: 2015, month: 9, day: 9))
        // € is three bytes: the month's first three bytes end inside it.
        #expect(Banner8Text.date("S€p 09, 2015") == nil)
        #expect(Banner8Text.date("Sé 09, 2015") == nil)
        #expect(Banner8Text.date("Se 09, 2015") == nil)
    }

    @Test("credits are read from lines that state them and from no other")
    func credits() {
        #expect(Banner8Text.credits("3.000 Credits")?.whole == 3)
        #expect(Banner8Text.credits("Credit Hours: 4.000")?.whole == 4)
        #expect(Banner8Text.credits("Boston, Main Campus") == nil)
        #expect(Banner8Text.credits("credits") == nil)
    }
}
