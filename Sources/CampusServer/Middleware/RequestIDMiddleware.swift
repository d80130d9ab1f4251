import CampusCore
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Gives every request an id: the client's `X-Request-ID` when it is a sane one
/// (1 to 64 letters, digits, `.`, `_`, `-`), else a fresh one; kept in the log
/// metadata and sent back in `X-Request-ID`.
struct RequestIDMiddleware: RouterMiddleware {
    typealias Context = CampusRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let given = request.headers[.xRequestID].flatMap { Self.isSane($0) ? $0 : nil }
        context.requestID = given ?? Self.fresh()
        context.logger[metadataKey: "request-id"] = .string(context.requestID)
        var response = try await next(request, context)
        response.headers[.xRequestID] = context.requestID
        return response
    }

    static func isSane(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
        }
    }

    static func fresh() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }
}
