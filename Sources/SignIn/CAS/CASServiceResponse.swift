import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// What a CAS server's `p3/serviceValidate` answers (CAS Protocol 3.0 §2.5): the user and the
/// attributes of a ticket that held, or the code and words of one that did not.
struct CASServiceResponse: Sendable, Equatable {
    /// The user, when the answer names exactly one.
    var user: String?
    /// How many users it names: more than one is no answer to trust.
    var userCount: Int
    var attributes: [String: [String]]
    var failure: (code: String, words: String)?

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.user == rhs.user && lhs.userCount == rhs.userCount && lhs.attributes == rhs.attributes && lhs.failure?.code == rhs.failure?.code && lhs.failure?.words == rhs.failure?.words
    }

    /// Reads the XML of an answer; `nil` when it is none (not XML, or neither success nor failure).
    static func read(_ data: Data) -> CASServiceResponse? {
        let reader = Reader()
        let parser = XMLParser(data: data)
        parser.shouldProcessNamespaces = true
        parser.shouldResolveExternalEntities = false
        parser.delegate = reader
        guard parser.parse(), reader.sawSuccess || reader.failureCode != nil else { return nil }
        return CASServiceResponse(
            user: reader.users.count == 1 ? reader.users[0].trimmingCharacters(in: .whitespacesAndNewlines) : nil, userCount: reader.users.count,
            attributes: reader.attributes,
            failure: reader.failureCode.map { ($0, reader.failureWords.trimmingCharacters(in: .whitespacesAndNewlines)) })
    }

    /// A SAX reader of the elements of the CAS namespace that matter here.
    private final class Reader: NSObject, XMLParserDelegate {
        static let namespace = "http://www.yale.edu/tp/cas"
        var sawSuccess = false
        var users: [String] = []
        var attributes: [String: [String]] = [:]
        var failureCode: String?
        var failureWords = ""
        private var path: [String] = []
        private var text = ""

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let local = namespaceURI == Self.namespace ? name : "?" + name
            path.append(local)
            text = ""
            if local == "authenticationSuccess", path.count == 2 { sawSuccess = true }
            if local == "authenticationFailure", path.count == 2 { failureCode = attributes["code"] ?? "UNKNOWN" }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            defer { path.removeLast() }
            guard path.first == "serviceResponse" else { return }
            if path == ["serviceResponse", "authenticationSuccess", "user"] { users.append(text) }
            if path.count == 4, path[1] == "authenticationSuccess", path[2] == "attributes" {
                attributes[path[3], default: []].append(text.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if path == ["serviceResponse", "authenticationFailure"] { failureWords = text }
        }
    }
}
