import CampusLookup
import Hummingbird
import HummingbirdAuth
import NIOCore

/// What the server knows of one request besides the request itself: who is calling
/// (``Caller``, from a bearer token or the session cookie), from where, and its id.
public struct CampusRequestContext: AuthRequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The caller, once a session authenticated them; `nil` for anonymous requests.
    public var identity: Caller?
    /// The peer of the connection (a proxy, when the server is behind one).
    public let remoteAddress: SocketAddress?
    /// The request's token, as given (bearer or cookie), when it authenticated.
    var token: String?
    /// Whether the session came from the cookie (writes must then come from our own origin).
    var byCookie = false
    /// The request's id (`X-Request-ID`, ours when the client sent none).
    var requestID = ""

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }

    /// Answers are written as the API documents them (``AnswerEncoder``).
    public var responseEncoder: AnswerEncoder { AnswerEncoder() }

    /// Request bodies are small JSON documents: a log-in, an overlay, a share.
    public var maxUploadSize: Int { 64 * 1024 }

    /// Who is calling: the authenticated caller, else anonymous.
    var caller: Caller { identity ?? .anonymous }
}
