import CampusCore
import Testing

@Suite("The network a client address counts as in the log-in throttle")
struct ThrottledNetworkTests {
    @Test("one spelling per network: IPv4 as itself, IPv6 by its /64, IPv4-mapped IPv6 as IPv4", arguments: [
        ("10.0.0.66", "10.0.0.66"),
        ("::ffff:10.0.0.66", "10.0.0.66"),
        ("2001:db8:1:2::a", "2001:db8:1:2::/64"),
        ("2001:0DB8:0001:0002:0000:0000:0000:000A", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::/64"),
        ("::1", "0:0:0:0::/64"),
        ("fe80::1:2:3:4", "fe80:0:0:0::/64"),
        ("not an address", "not an address"),
        ("2001:db8::1::2", "2001:db8::1::2"),
        ("1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7:8:9"),
    ])
    func keys(address: String, key: String) {
        #expect(ThrottledNetwork(address).key == key)
    }
}
