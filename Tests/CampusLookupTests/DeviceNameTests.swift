@testable import CampusLookup
import Testing

/// Devices named from their `User-Agent`, as a list of one's log-ins shows them.
@Suite("Device names")
struct DeviceNameTests {
    @Test("browsers that name others (Edge and Opera say Chrome, Chrome says Safari, an iPhone says Mac OS X) are told apart", arguments: [
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0", "Edge on Windows"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", "Safari on iPhone"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36", "Chrome on Mac"),
        ("Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0", "Firefox on Android"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 OPR/115.0", "Opera on Linux"),
        ("curl/8.5.0", "curl"),
        ("\u{1B}]0;evil\u{07}", "another program"),
    ])
    func named(agent: String, name: String) {
        #expect(DeviceName.of(userAgent: agent) == name)
    }

    @Test("no User-Agent is no name; the header's own text is never shown")
    func unnamed() {
        #expect(DeviceName.of(userAgent: nil) == nil && DeviceName.of(userAgent: "") == nil)
        #expect(DeviceName.of(userAgent: "Something/1.0 (Plan 9)") == "another program")
    }
}
