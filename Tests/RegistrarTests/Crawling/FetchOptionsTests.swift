import Testing

@testable import Registrar

@Suite("Fetch options and back-off")
struct FetchOptionsTests {
    @Test("the User-Agent names the client, its version and the contact when there is one")
    func userAgent() {
        var options = FetchOptions()
        #expect(options.userAgent == "campus-lookup/\(FetchOptions.clientVersion)")
        options.contact = "ops@example.edu"
        #expect(options.userAgent == "campus-lookup/\(FetchOptions.clientVersion) (ops@example.edu)")
    }

    @Test("the defaults are polite: two per host, three retries")
    func defaults() {
        let options = FetchOptions()
        #expect(options.concurrencyPerHost == 2)
        #expect(options.retries == 3)
    }

    @Test("back-off doubles per retry, jittered between half and one and a half times, up to the ceiling")
    func backoff() {
        let backoff = Backoff(base: .milliseconds(100), ceiling: .seconds(1))
        for _ in 0..<50 {
            let first = backoff.delay(beforeRetry: 1)
            let third = backoff.delay(beforeRetry: 3)
            #expect(first >= .milliseconds(50) && first <= .milliseconds(150))
            #expect(third >= .milliseconds(200) && third <= .milliseconds(600))
            #expect(backoff.delay(beforeRetry: 10) <= .seconds(1))
        }
    }
}
