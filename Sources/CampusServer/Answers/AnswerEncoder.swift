import CampusLookup
import Hummingbird

/// How the server writes JSON: every shape of `CampusLookup` compact, its keys sorted
/// (``AnswerJSON``), as `application/json`. It is ``CampusRequestContext``'s response
/// encoder, so an answer, a problem document and a probe are encoded the way Hummingbird
/// encodes anything a route returns.
public struct AnswerEncoder: ResponseEncoder {
    public init() {}

    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(bytes: try AnswerJSON.compactData(value))))
    }
}
