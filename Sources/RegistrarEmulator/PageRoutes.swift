import Foundation
import Hummingbird

/// The CGI routes: `reg-sched.pl` (GET with a query, or the search form's POST) and
/// `reg-download.pl` (POST, the roster CSV).
struct PageRoutes: Sendable {
    let resolver: PageResolver
    let state: EmulatorState

    /// The largest form body read.
    static let maxFormBytes = 64 * 1024
    /// Pages are read in one piece when the layout is changed, so no header is split between chunks.
    static let wholePageChunk = 64 * 1024 * 1024

    private let fileIO = FileIO()

    func add(to router: Router<BasicRequestContext>) {
        router.get("/regweb-cgi/reg-sched.pl") { request, context in
            try await respond(resolver.schedule(fields(of: request)), context: context)
        }
        router.post("/regweb-cgi/reg-sched.pl") { request, context in
            let fields = try await fields(of: request).merging(form(of: request)) { query, _ in query }
            return try await respond(resolver.schedule(fields), context: context)
        }
        router.post("/regweb-cgi/reg-download.pl") { request, context in
            let fields = try await fields(of: request).merging(form(of: request)) { query, _ in query }
            return try await respond(resolver.download(fields), context: context)
        }
    }

    private func fields(of request: Request) -> [String: String] {
        FormFields.parse(request.uri.query ?? "")
    }

    private func form(of request: Request) async throws -> [String: String] {
        let body = try await request.body.collect(upTo: Self.maxFormBytes)
        return FormFields.parse(String(buffer: body))
    }

    private func respond(_ answer: PageAnswer, context: BasicRequestContext) async throws -> Response {
        switch answer {
        case .file(let relativePath, let contentType):
            let path = resolver.pagesDirectory.appendingPathComponent(relativePath).path
            let changed = contentType == "text/html" && state.currentBehaviour.changedLayout
            let body = try await fileIO.loadFile(
                path: path, context: context, chunkLength: changed ? Self.wholePageChunk : 128 * 1024)
            return Response(
                status: .ok, headers: [.contentType: contentType], body: changed ? body.map(Self.changeLayout) : body)
        case .noMatch(let page):
            return Response(
                status: .ok, headers: [.contentType: "text/html"], body: .init(byteBuffer: ByteBuffer(string: page.html)))
        case .badRequest(let reason):
            throw HTTPError(.badRequest, message: reason)
        }
    }

    /// The page with its headers renamed; Latin-1 maps every byte to one character and back,
    /// so pages in any encoding survive the edit.
    @Sendable private static func changeLayout(_ buffer: ByteBuffer) -> ByteBuffer {
        guard let page = buffer.getString(at: buffer.readerIndex, length: buffer.readableBytes, encoding: .isoLatin1),
              let changed = ChangedLayout.apply(to: page).data(using: .isoLatin1)
        else { return buffer }
        return ByteBuffer(bytes: changed)
    }
}
