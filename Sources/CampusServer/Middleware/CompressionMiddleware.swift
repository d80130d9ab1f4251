import CompressNIO
import HTTPTypes
import Hummingbird
import NIOCore

/// gzip for every answer worth it: a body over ``smallest`` bytes, of a type that is not an
/// image (those come compressed), when the request's `Accept-Encoding` takes gzip and the
/// route did not encode it itself. The body is compressed whole, so the answer keeps its
/// `Content-Length`; a body whose length is not known (a stream) goes as it is. (Every body
/// the server makes is one buffer: one written by a closure would lose its trailing headers.)
/// It runs inside the problem documents, which answer errors as they are, uncompressed.
///
/// Every answer that may come compressed says `Vary: Accept-Encoding`, whether or not this
/// request took gzip, so a shared cache keeps the two apart. A HEAD request is answered as
/// its GET would be, compressed or not, without the body: the GET is made, and its body dropped.
struct CompressionMiddleware: RouterMiddleware {
    typealias Context = CampusRequestContext

    /// Bodies of this many bytes or fewer go uncompressed: gzip's header and the work outweigh the saving.
    static var smallest: Int { 1024 }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let takesGzip = Self.acceptsGzip(request.headers[.acceptEncoding])
        guard request.method == .head else {
            return try await Self.compressed(next(request, context), takesGzip: takesGzip)
        }
        var get = request.head
        get.method = .get
        let response = try await next(Request(head: get, body: request.body), context)
        return try await Self.compressed(response, takesGzip: takesGzip).createHeadResponse()
    }

    private static func compressed(_ response: Response, takesGzip: Bool) async throws -> Response {
        guard response.headers[.contentEncoding] == nil, let type = response.headers[.contentType], !type.hasPrefix("image/"),
              let length = response.body.contentLength, length > smallest else { return response }
        var response = response
        let vary = response.headers[values: .vary].flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if !vary.contains("accept-encoding") && !vary.contains("*") { response.headers.append(HTTPField(name: .vary, value: "Accept-Encoding")) }
        guard takesGzip else { return response }
        let collected = CollectedBody()
        try await response.body.write(collected)
        var buffer = collected.buffer
        response.body = ResponseBody(byteBuffer: try buffer.compress(with: .gzip()))
        response.headers[.contentEncoding] = "gzip"
        return response
    }

    /// Whether `Accept-Encoding` takes gzip (a `q=0` refuses it).
    static func acceptsGzip(_ header: String?) -> Bool {
        guard let header else { return false }
        return header.split(separator: ",").contains { coding in
            let parts = coding.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard parts.first == "gzip" || parts.first == "x-gzip" else { return false }
            return !parts.dropFirst().contains { $0 == "q=0" || $0 == "q=0.0" || $0 == "q=0.00" || $0 == "q=0.000" }
        }
    }
}

/// A response body written into one buffer.
private final class CollectedBody: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ part: ByteBuffer) async throws {
        if buffer.readableBytes == 0 { buffer = part } else { buffer.writeImmutableBuffer(part) }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
