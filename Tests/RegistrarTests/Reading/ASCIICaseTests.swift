@testable import Registrar
import Testing

@Suite("Labels compared regardless of ASCII case")
struct ASCIICaseTests {
    @Test("prefix, suffix, equality and containment ignore ASCII case only")
    func comparisons() {
        #expect(ASCIICase.hasPrefix("Associated Term: Fall", "associated term:"))
        #expect(!ASCIICase.hasPrefix("Assoc", "associated"))
        #expect(ASCIICase.hasSuffix("3.000 CREDITS", "credits"))
        #expect(!ASCIICase.hasSuffix("3.000 Credit", "credits"))
        #expect(ASCIICase.equals("TBA", "tba"))
        #expect(!ASCIICase.equals("TBA ", "tba"))
        #expect(ASCIICase.contains("Midterm EXAM", "exam"))
        #expect(!ASCIICase.contains("Lecture", "exam"))
        // Only ASCII letters fold: É is not é.
        #expect(!ASCIICase.equals("É", "é"))
        #expect(ASCIICase.equals("Évora", "éVORA") == false)
    }
}
