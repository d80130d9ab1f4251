import CampusLookup
import Foundation
import Hummingbird

/// What a route answers with, in the type negotiated; made into a response as Hummingbird
/// makes any (a JSON shape by the context's response encoder, ``AnswerEncoder``).
enum AnswerBody: ResponseGenerator {
    /// One of the JSON shapes of `CampusLookup` (compact, keys sorted).
    case json(any Encodable)
    /// Text in a type of its own (`text/html`, `text/calendar`, `text/vcard`, `text/csv`, `text/plain`).
    case text(String, type: String)
    /// Bytes in a type of their own (`image/jpeg`).
    case bytes([UInt8], type: String)

    func response(from request: Request, context: some RequestContext) throws -> Response {
        switch self {
        case .json(let shape):
            try context.responseEncoder.encode(shape, from: request, context: context)
        case .text(let text, let type):
            Response(status: .ok, headers: [.contentType: type + "; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: text)))
        case .bytes(let bytes, let type):
            Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
    }
}

extension Response {
    /// This response with `status`, and `headers` in place of any fields of theirs it had.
    func with(status: HTTPResponse.Status, headers: HTTPFields) -> Response {
        var response = self
        response.status = status
        for name in Set(headers.map(\.name)) { response.headers[name] = nil }
        response.headers.append(contentsOf: headers)
        return response
    }
}
