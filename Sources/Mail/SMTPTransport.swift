import CCurl
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Submits mail over SMTP through libcurl: STARTTLS or TLS, the server's certificate verified,
/// log-in with the configured account, one connection per message. libcurl blocks, so each
/// message is sent on a dispatch queue of the transport's, never on the cooperative pool.
public struct SMTPTransport: MailTransport {
    public let server: SMTPServer

    public init(server: SMTPServer) {
        self.server = server
        _ = SMTPTransport.globalInit
        // libcurl documents corner cases of TLS where SIGPIPE arrives despite CURLOPT_NOSIGNAL.
        signal(SIGPIPE, SIG_IGN)
    }

    /// libcurl's one-time set-up, before any handle is made.
    private static let globalInit: Void = { _ = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) }()

    private static let queue = DispatchQueue(label: "campus.smtp", attributes: .concurrent)

    public func send(_ message: MailMessage) async throws(MailError) {
        try await run { [server] () throws(MailError) in try SMTPSession(server: server).perform(message) }
    }

    public func check() async throws(MailError) {
        try await run { [server] () throws(MailError) in try SMTPSession(server: server).perform(nil) }
    }

    private func run(_ body: @escaping @Sendable () throws(MailError) -> Void) async throws(MailError) {
        let result: Result<Void, MailError> = await withCheckedContinuation { continuation in
            Self.queue.async { continuation.resume(returning: Result { () throws(MailError) in try body() }) }
        }
        try result.get()
    }
}

/// One libcurl easy handle's work: connect, STARTTLS, log in, and send one message (or none, to check).
private struct SMTPSession {
    let server: SMTPServer

    func perform(_ message: MailMessage?) throws(MailError) {
        // Allocated before the handle, so freed after it: libcurl writes here until cleanup.
        let errorText = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
        errorText.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        defer { errorText.deallocate() }
        guard let handle = curl_easy_init() else {
            throw MailError(.settings, setting: "alerts.smtp", detail: "libcurl could not make a connection handle")
        }
        defer { curl_easy_cleanup(handle) }
        var recipients: UnsafeMutablePointer<curl_slist>?
        defer { curl_slist_free_all(recipients) }
        let source = MessageSource(bytes: message?.rendered ?? [])
        _ = campus_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorText)
        _ = campus_curl_set_string(handle, CURLOPT_URL, server.url)
        _ = campus_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        _ = campus_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT, server.connectTimeout)
        _ = campus_curl_set_long(handle, CURLOPT_TIMEOUT, server.timeout)
        _ = campus_curl_set_long(handle, CURLOPT_USE_SSL, server.security == .none ? Int(CURLUSESSL_NONE.rawValue) : Int(CURLUSESSL_ALL.rawValue))
        _ = campus_curl_set_long(handle, CURLOPT_SSL_VERIFYPEER, 1)
        _ = campus_curl_set_long(handle, CURLOPT_SSL_VERIFYHOST, 2)
        if let caFile = server.caFile { _ = campus_curl_set_string(handle, CURLOPT_CAINFO, caFile) }
        if let username = server.username {
            _ = campus_curl_set_string(handle, CURLOPT_USERNAME, username)
            _ = campus_curl_set_string(handle, CURLOPT_PASSWORD, server.password ?? "")
        }
        let code: CURLcode
        if let message {
            _ = campus_curl_set_string(handle, CURLOPT_MAIL_FROM, "<\(message.from.address)>")
            recipients = curl_slist_append(nil, "<\(message.to.address)>")
            _ = campus_curl_set_list(handle, CURLOPT_MAIL_RCPT, recipients)
            _ = campus_curl_set_long(handle, CURLOPT_UPLOAD, 1)
            _ = campus_curl_set_read_function(handle, MessageSource.read)
            code = withExtendedLifetime(source) {
                _ = campus_curl_set_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(source).toOpaque())
                return curl_easy_perform(handle)
            }
        } else {
            _ = campus_curl_set_long(handle, CURLOPT_CONNECT_ONLY, 1)
            code = curl_easy_perform(handle)
        }
        guard code != CURLE_OK else { return }
        let said = String(cString: errorText)
        throw failure(code, reply: campus_curl_response_code(handle), said: said.isEmpty ? String(cString: curl_easy_strerror(code)) : said)
    }

    /// The error for libcurl's `code`, the server's last reply code, and libcurl's words.
    private func failure(_ code: CURLcode, reply: Int, said: String) -> MailError {
        let place = "\(server.host):\(server.port)"
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST:
            return MailError(.unreachable, setting: "alerts.smtp.host", detail: "no mail server named \(server.host) could be found: \(said)")
        case CURLE_COULDNT_CONNECT, CURLE_OPERATION_TIMEDOUT, CURLE_GOT_NOTHING, CURLE_SEND_ERROR, CURLE_RECV_ERROR:
            // A reply of the server's is about this message, not the connection.
            if reply >= 400 { break }
            return MailError(.unreachable, setting: "alerts.smtp.host", detail: "the mail server at \(place) could not be reached: \(said)")
        case CURLE_LOGIN_DENIED:
            return MailError(
                .loginRefused, setting: "alerts.smtp.username",
                detail: "the mail server at \(place) refused the log-in of \(server.username ?? "nobody") (see alerts.smtp.password-file)")
        case CURLE_USE_SSL_FAILED:
            return MailError(.tls, setting: "alerts.smtp.starttls", detail: "the mail server at \(place) offers no STARTTLS: \(said)")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM:
            return MailError(.tls, setting: "alerts.smtp.ca-file", detail: "the mail server's certificate at \(place) did not verify: \(said)")
        default:
            break
        }
        // The server refused the sender (MAIL FROM): every message would be refused alike.
        if said.contains("MAIL failed") {
            return MailError(.settings, setting: "alerts.from", detail: "the mail server at \(place) refused the sender (\(reply)): \(said)")
        }
        if reply == 421 {
            return MailError(.unreachable, setting: "alerts.smtp.host", detail: "the mail server at \(place) is closing (421): \(said)")
        }
        if (400..<500).contains(reply) {
            return MailError(.deferred, setting: "alerts.smtp.host", detail: "the mail server at \(place) deferred the message (\(reply)): \(said)")
        }
        return MailError(.refused, setting: "alerts.from", detail: "the mail server at \(place) refused the message (\(reply)): \(said)")
    }
}

/// The bytes libcurl reads the message from, in the order it asks.
private final class MessageSource {
    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    static let read: campus_curl_read_callback = { buffer, size, count, context in
        guard let buffer, let context else { return 0 }
        let source = Unmanaged<MessageSource>.fromOpaque(context).takeUnretainedValue()
        let length = min(size * count, source.bytes.count - source.offset)
        source.bytes.withUnsafeBufferPointer { bytes in
            bytes.baseAddress.map { UnsafeMutableRawPointer(buffer).copyMemory(from: $0 + source.offset, byteCount: length) }
        }
        source.offset += length
        return length
    }
}
