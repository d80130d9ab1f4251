import Hummingbird

/// Counts every request, then applies the configured delay, authentication and faults
/// before the pages are reached.
struct FaultMiddleware<Context: RequestContext>: RouterMiddleware {
    let state: EmulatorState
    let authentication: EmulatorAuthentication

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let target = request.uri.description
        let behaviour = state.begin(target: target)
        var status = 500
        defer { state.end(status: status) }

        if behaviour.delayMilliseconds > 0 {
            try await Task.sleep(for: .milliseconds(behaviour.delayMilliseconds))
        }
        let authorized = authentication.admits(
            authorization: request.headers[.authorization], cookie: request.headers[.cookie])
        switch state.verdict(target: target, authorized: authorized) {
        case .unauthorized:
            status = 401
            var headers = HTTPFields()
            if let challenge = authentication.challenge { headers[.wwwAuthenticate] = challenge }
            headers[.contentType] = "text/html"
            return Response(
                status: .unauthorized, headers: headers, body: .init(byteBuffer: ByteBuffer(string: FaultPages.unauthorized)))
        case .serverError:
            status = 500
            return Response(
                status: .internalServerError, headers: [.contentType: "text/html"],
                body: .init(byteBuffer: ByteBuffer(string: FaultPages.serverError)))
        case .serve:
            do {
                let response = try await next(request, context)
                status = response.status.code
                return response
            } catch let error as HTTPError {
                status = error.status.code
                throw error
            }
        }
    }
}

/// The bodies of refused and failed requests, as an Apache server in front of the CGI writes them.
enum FaultPages {
    static let unauthorized = "<HTML><HEAD><TITLE>401 Authorization Required</TITLE></HEAD><BODY>"
        + "<H1>Authorization Required</H1>This server could not verify that you are authorized to access the "
        + "document requested.</BODY></HTML>\n"

    static let serverError = "<HTML><HEAD><TITLE>500 Internal Server Error</TITLE></HEAD><BODY>"
        + "<H1>Internal Server Error</H1>The server encountered an internal error and was unable to complete "
        + "your request.</BODY></HTML>\n"
}
