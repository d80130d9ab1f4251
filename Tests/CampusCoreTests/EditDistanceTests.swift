import CampusCore
import Testing

@Suite("Edit distance, for \"did you mean\"")
struct EditDistanceTests {
    @Test("the distance counts single-byte edits, letters compared without case, and stops past the limit")
    func distance() {
        #expect(EditDistance.levenshtein("shedule", "schedule", limit: 2) == 1)
        #expect(EditDistance.levenshtein("PORT", "port", limit: 0) == 0)
        #expect(EditDistance.levenshtein("prot", "port", limit: 2) == 2)
        #expect(EditDistance.levenshtein("roster", "schedule", limit: 3) == nil)
    }

    @Test("the nearest candidates within the limit, nearest first, ties in alphabetical order")
    func nearest() {
        let commands = ["schedule", "search", "serve", "sync", "roster"]
        #expect(EditDistance.nearest(to: "serch", among: commands, limit: 2) == ["search", "serve"])
        #expect(EditDistance.nearest(to: "snyc", among: commands, limit: 2) == ["sync"])
        #expect(EditDistance.nearest(to: "xyzzy", among: commands, limit: 2).isEmpty)
    }
}
