import CampusCore
import Testing

@Suite("Control characters written visibly")
struct VisibleTextTests {
    @Test("C0, DEL, C1, bidirectional overrides and marks and line separators are shown; plain text and tabs pass untouched")
    func escapes() {
        #expect(VisibleText.escaped("Dean\u{1B}]0;x\u{07}\u{1B}[2J") == "Dean^[]0;x^G^[[2J")
        #expect(VisibleText.escaped("a\u{7F}b\u{9B}c\u{202E}d") == "a^?b<U+009B>c<U+202E>d")
        #expect(VisibleText.escaped("José Núñez\tO159") == "José Núñez\tO159")
        #expect(VisibleText.escaped("one\ntwo") == "one^Jtwo")
        #expect(VisibleText.escaped("Film\u{2028}x\u{2029}y") == "Film<U+2028>x<U+2029>y", "a separator breaks no line of an e-mail or a terminal")
        #expect(VisibleText.escaped("a\u{200E}b\u{200F}c\u{61C}d") == "a<U+200E>b<U+200F>c<U+061C>d")
        #expect(VisibleText.escaped("شۆ ئ") == "شۆ ئ", "Arabic script sharing the mark's first byte is left alone")
        #expect(VisibleText.escaped("one\r\ntwo\rthree", keepingNewlines: true) == "one\r\ntwo^Mthree")
    }
}

@Suite("Text that shows as it is")
struct PlainTextTests {
    @Test("text holding a control character or a direction override is not plain; other text is")
    func plainness() {
        #expect(VisibleText.isPlain("study for CHEM111 — ça va"))
        #expect(VisibleText.isPlain("عربي and עברית mixed"))
        for override in ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{1B}", "\u{9B}", "\n"] {
            #expect(!VisibleText.isPlain("see \(override)gnp.exe"), "U+\(String(override.unicodeScalars.first!.value, radix: 16))")
        }
        #expect(VisibleText.isPlain("a\nb", keepingNewlines: true))
    }
}
