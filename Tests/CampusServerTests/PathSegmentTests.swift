@testable import CampusServer
import Foundation
import Testing

/// The web app's links: plain ASCII left as it is without Foundation, the rest percent-encoded
/// as Foundation encodes it.
@Suite("Links' path segments and query strings")
struct PathSegmentTests {
    @Test("a path segment", arguments: ["valer", "CSSE474-02", "O159", "a/b?c#d", "zoë dupré", "100%", "x~y"])
    func segment(_ text: String) {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#"))
        #expect(PathSegment.encoded(text) == text.addingPercentEncoding(withAllowedCharacters: allowed))
    }

    @Test("a query string leaves out empty values and encodes its own separators")
    func query() {
        #expect(PathSegment.query([("term", "202630"), ("q", "ann & lee+#=é"), ("empty", ""), ("none", nil)])
            == "?term=202630&q=ann%20%26%20lee%2B%23%3D%C3%A9")
        #expect(PathSegment.query([("none", nil)]) == "")
    }
}
