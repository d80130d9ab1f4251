@testable import CampusServer
import Foundation
import Testing

/// The web app's links: plain ASCII left as it is without Foundation, the rest percent-encoded.
@Suite("Links' path segments and query strings")
struct PathSegmentTests {
    @Test("a path segment", arguments: [
        ("valer", "valer"), ("CSSE474-02", "CSSE474-02"), ("O159", "O159"), ("a/b?c#d", "a%2Fb%3Fc%23d"),
        ("zoë dupré", "zo%C3%AB%20dupr%C3%A9"), ("100%", "100%25"), ("x~y", "x~y"), ("a&b=c+d", "a&b=c+d"),
    ])
    func segment(_ text: String, _ encoded: String) {
        #expect(PathSegment.encoded(text) == encoded)
    }

    @Test("a query string leaves out empty values and encodes its own separators")
    func query() {
        #expect(PathSegment.query([("term", "202630"), ("q", "ann & lee+#=é"), ("empty", ""), ("none", nil)])
            == "?term=202630&q=ann%20%26%20lee%2B%23%3D%C3%A9")
        #expect(PathSegment.query([("none", nil)]) == "")
    }
}
