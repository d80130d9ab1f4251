import Foundation
import HTTPTypes
import Hummingbird

/// Banner 9's class-search API below `/StudentRegistrationSsb/ssb/`, answered from a
/// folder the demo generator wrote (`getTerms.json`, `{term}/subjects.json`,
/// `{term}/{SUBJECT}.json`), with Banner's session rules: `term/termSelection` opens a
/// session (the `JSESSIONID` cookie, a synchronizer token in the page), `term/search`
/// binds it to a term, and a search without the session, its token or the term bound is
/// refused as Banner refuses it (`"success": false`, no data).
struct Banner9Routes: Sendable {
    static let prefix = "/StudentRegistrationSsb/ssb/"
    static let tokenHeader = HTTPField.Name("X-Synchronizer-Token")!

    let answers: URL
    let state: EmulatorState
    let sessions = BannerSessions(cookieName: "JSESSIONID")

    /// Whether `folder` holds Banner 9 answers.
    static func holdsAnswers(_ folder: URL) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("getTerms.json").path)
    }

    func add(to router: Router<BasicRequestContext>) {
        router.get(.init(stringLiteral: Self.prefix + "classSearch/getTerms")) { request, _ in
            try json(pageOf: try load("getTerms.json"), query: request.uri.queryParameters)
        }
        router.get(.init(stringLiteral: Self.prefix + "term/termSelection")) { _, _ in
            let (id, token) = sessions.open()
            let page = """
                <!DOCTYPE html><html><head><meta name="synchronizerToken" content="\(token)">
                <title>Select a Term</title></head><body><h1>Terms Open for Registration</h1></body></html>
                """
            return Response(status: .ok, headers: [.contentType: "text/html", .setCookie: "JSESSIONID=\(id); Path=/StudentRegistrationSsb; HttpOnly"],
                            body: .init(byteBuffer: ByteBuffer(string: page)))
        }
        router.post(.init(stringLiteral: Self.prefix + "term/search")) { request, _ in
            guard let (id, _) = session(of: request) else { return refused() }
            let form = FormFields.parse(String(buffer: try await request.body.collect(upTo: 64 * 1024)))
            guard let term = form["term"], FileManager.default.fileExists(atPath: answers.appendingPathComponent(term).path) else {
                return Response(status: .badRequest, headers: [.contentType: "application/json"],
                                body: .init(byteBuffer: ByteBuffer(string: #"{"regAllowed":false,"errors":["term not offered"]}"#)))
            }
            sessions.bind(id, term: term)
            return jsonResponse(#"{"fwdURL":"/StudentRegistrationSsb/ssb/classSearch/classSearch"}"#)
        }
        router.get(.init(stringLiteral: Self.prefix + "classSearch/get_subject")) { request, _ in
            let term = request.uri.queryParameters["term"].map(String.init) ?? ""
            guard !term.contains("/"), !term.contains("."), let list = try? load("\(term)/subjects.json") else { return jsonResponse("[]") }
            return try json(pageOf: list, query: request.uri.queryParameters)
        }
        router.post(.init(stringLiteral: Self.prefix + "classSearch/resetDataForm")) { request, _ in
            guard session(of: request) != nil else { return refused() }
            return jsonResponse("true")
        }
        router.get(.init(stringLiteral: Self.prefix + "searchResults/searchResults")) { request, _ in
            let query = request.uri.queryParameters
            let term = query["txt_term"].map(String.init) ?? "", subject = query["txt_subject"].map(String.init) ?? ""
            guard let (_, session) = session(of: request), session.term == term else { return refused() }
            guard subject.allSatisfy({ $0.isLetter || $0.isNumber }), !subject.isEmpty,
                  let answer = try? load("\(term)/\(subject).json") as? [String: Any] else {
                return jsonResponse(#"{"success":true,"totalCount":0,"data":[],"pageOffset":0,"pageMaxSize":10,"sectionsFetchedCount":0}"#)
            }
            return try page(of: answer, query: query)
        }
    }

    /// The session a request presents, with its token; `nil` (and the session forgotten when
    /// it expired) when it presents none that is good.
    private func session(of request: Request) -> (String, BannerSessions.Session)? {
        let token = request.headers[Self.tokenHeader]
        return sessions.use(cookie: request.headers[.cookie], token: token, limit: state.currentBehaviour.sessionRequests)
            .map { ($0.id, $0.session) }
    }

    /// Banner's answer to a search outside a good session.
    private func refused() -> Response {
        jsonResponse(#"{"success":false,"totalCount":0,"data":null,"pageOffset":0,"pageMaxSize":10,"sectionsFetchedCount":0}"#)
    }

    private func load(_ name: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: answers.appendingPathComponent(name)))
    }

    /// One page (`offset` counted from 1, `max` long) of a list answer.
    private func json(pageOf list: Any, query: Parameters) throws -> Response {
        let all = list as? [Any] ?? []
        let offset = max(1, query["offset"].flatMap { Int($0) } ?? 1), size = max(1, query["max"].flatMap { Int($0) } ?? 10)
        let start = min(all.count, (offset - 1) * size)
        return jsonResponse(try JSONSerialization.data(withJSONObject: Array(all[start..<min(all.count, start + size)])))
    }

    /// The sections `pageOffset` (from 0) to `pageOffset + pageMaxSize` of a search answer; with the
    /// layout changed, a field campus-lookup needs goes missing, as when Banner renames one.
    private func page(of answer: [String: Any], query: Parameters) throws -> Response {
        let data = answer["data"] as? [Any] ?? []
        let offset = max(0, query["pageOffset"].flatMap { Int($0) } ?? 0), size = max(1, query["pageMaxSize"].flatMap { Int($0) } ?? 10)
        let start = min(data.count, offset)
        var slice = Array(data[start..<min(data.count, start + size)])
        if state.currentBehaviour.changedLayout {
            slice = slice.map { entry in
                var renamed = entry as? [String: Any] ?? [:]
                renamed["crn"] = renamed.removeValue(forKey: "courseReferenceNumber")
                return renamed
            }
        }
        var paged = answer
        paged["data"] = slice
        paged["pageOffset"] = offset
        paged["pageMaxSize"] = size
        paged["sectionsFetchedCount"] = slice.count
        paged["totalCount"] = data.count
        return jsonResponse(try JSONSerialization.data(withJSONObject: paged, options: [.sortedKeys]))
    }

    private func jsonResponse(_ text: String) -> Response {
        jsonResponse(Data(text.utf8))
    }

    private func jsonResponse(_ data: Data) -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
