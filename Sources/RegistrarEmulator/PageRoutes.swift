import Foundation
import Hummingbird

/// The CGI routes: `reg-sched.pl` (GET with a query, or the search form's POST) and
/// `reg-download.pl` (POST, the roster CSV).
struct PageRoutes: Sendable {
    let resolver: PageResolver
    let state: EmulatorState

    /// The largest form body read.
    static let maxFormBytes = 64 * 1024

    func add(to router: Router<BasicRequestContext>) {
        router.get("/regweb-cgi/reg-sched.pl") { request, _ in
            try respond(resolver.schedule(fields(of: request)))
        }
        router.post("/regweb-cgi/reg-sched.pl") { request, _ in
            try await respond(resolver.schedule(fields(of: request).merging(form(of: request)) { query, _ in query }))
        }
        router.post("/regweb-cgi/reg-download.pl") { request, _ in
            try await respond(resolver.download(fields(of: request).merging(form(of: request)) { query, _ in query }))
        }
    }

    private func fields(of request: Request) -> [String: String] {
        FormFields.parse(request.uri.query ?? "")
    }

    private func form(of request: Request) async throws -> [String: String] {
        let body = try await request.body.collect(upTo: Self.maxFormBytes)
        return FormFields.parse(String(buffer: body))
    }

    private func respond(_ answer: PageAnswer) throws -> Response {
        switch answer {
        case .file(let relativePath, let contentType):
            let url = resolver.pagesDirectory.appendingPathComponent(relativePath)
            guard var data = try? Data(contentsOf: url) else {
                throw HTTPError(.internalServerError, message: "the saved page \(relativePath) cannot be read")
            }
            // Latin-1 maps every byte to one character and back, so pages in any encoding survive the edit.
            if contentType == "text/html", state.currentBehaviour.changedLayout,
               let page = String(data: data, encoding: .isoLatin1),
               let changed = ChangedLayout.apply(to: page).data(using: .isoLatin1) {
                data = changed
            }
            return Response(status: .ok, headers: [.contentType: contentType], body: .init(byteBuffer: ByteBuffer(bytes: data)))
        case .noMatch(let page):
            return Response(status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: page.html)))
        case .badRequest(let reason):
            throw HTTPError(.badRequest, message: reason)
        }
    }
}
