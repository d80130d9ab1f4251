import CampusLookup
@testable import CampusServer
import Foundation
import Testing

/// The dates answers carry, written by hand for speed, against Foundation's own formatting.
@Suite("Dates in answers and headers")
struct DateTextTests {
    static let moments: [TimeInterval] = [0, 1, 86_399, 86_400, 951_782_400, 1_772_200_000.75, 1_795_996_800, 4_102_444_799, -1, -86_401]

    @Test("Last-Modified as RFC 9110's IMF-fixdate", arguments: moments)
    func httpDate(_ seconds: TimeInterval) {
        let date = Date(timeIntervalSince1970: seconds)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        #expect(HTTPDate.text(date) == formatter.string(from: date))
    }

    @Test("timestamps as ISO 8601 in UTC to the second", arguments: moments)
    func timestamp(_ seconds: TimeInterval) {
        let date = Date(timeIntervalSince1970: seconds)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        #expect(Timestamp.text(date) == formatter.string(from: Date(timeIntervalSince1970: seconds.rounded(.down))))
    }
}
