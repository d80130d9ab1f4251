import CampusCore
@testable import CampusServer
import Testing

@Suite("A section page's comments")
struct SectionCommentTests {
    @Test("the sections a comment names are linked where it names them; the rest of it stays as written")
    func linking() throws {
        let ids = [try #require(SectionID("MA474-02")), try #require(SectionID("CSSE490-01"))]
        let term = try #require(TermCode("202630"))
        let parts = WebApp.CommentPart.linking("Cross-listed w/ MA474-02 & CSSE 490-01. Fee", ids, term: term)
        #expect(parts.map(\.text) == ["Cross-listed w/ ", "MA474-02", " & CSSE 490-01. Fee"])
        #expect(parts.map(\.link?.href) == [nil, "/sections/MA474-02?term=202630", nil])
        #expect(WebApp.CommentPart.linking("", ids, term: term).isEmpty)
        #expect(WebApp.CommentPart.linking("MA474-02", ids, term: term).map(\.text) == ["MA474-02"])
    }
}
