import Foundation

/// The two fields of a token's header read before jwt-kit checks it: `alg`, refused unless
/// RS256 or ES256 (jwt-kit then checks with the key bound to that algorithm), and `kid`, the
/// key to look for. Nothing else of the token is read here.
struct JOSEHeader: Decodable {
    var alg: String?
    var kid: String?

    static func read(_ token: String) throws(SignInRefusal) -> JOSEHeader {
        guard let first = token.split(separator: ".", omittingEmptySubsequences: false).first, token.utf8.count <= 16_384 else {
            throw SignInRefusal(.unreadable, "the ID token is no JWT")
        }
        var base64 = first.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64), let header = try? JSONDecoder().decode(JOSEHeader.self, from: data) else {
            throw SignInRefusal(.unreadable, "the ID token's header cannot be read")
        }
        return header
    }
}
