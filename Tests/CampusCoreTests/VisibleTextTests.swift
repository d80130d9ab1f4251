import CampusCore
import Testing

@Suite("Control characters written visibly")
struct VisibleTextTests {
    @Test("C0, DEL, C1 and bidirectional overrides are shown; plain text and tabs pass untouched")
    func escapes() {
        #expect(VisibleText.escaped("Dean\u{1B}]0;x\u{07}\u{1B}[2J") == "Dean^[]0;x^G^[[2J")
        #expect(VisibleText.escaped("a\u{7F}b\u{9B}c\u{202E}d") == "a^?b<U+009B>c<U+202E>d")
        #expect(VisibleText.escaped("José Núñez\tO159") == "José Núñez\tO159")
        #expect(VisibleText.escaped("one\ntwo") == "one^Jtwo")
        #expect(VisibleText.escaped("one\r\ntwo\rthree", keepingNewlines: true) == "one\r\ntwo^Mthree")
    }
}
