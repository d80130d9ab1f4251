internal import CLDAP
import Foundation

extension DirectoryConnection {
    /// The error for libldap's `code` from `operation`: time-outs, lost or
    /// impossible connections, else the code with the server's message.
    func failure(_ code: Int32, operation: String, bindDN: String? = nil) -> DirectoryError {
        let message = diagnosticMessage()
        switch code {
        case LDAP_TIMEOUT:
            return .timeout(url: server.url, operation: operation)
        case LDAP_SERVER_DOWN where operation == "connecting", LDAP_CONNECT_ERROR where operation == "connecting":
            return .unreachable(url: server.url, detail: message)
        case LDAP_SERVER_DOWN, LDAP_CONNECT_ERROR:
            return .connectionLost(url: server.url, operation: operation)
        default:
            if let bindDN { return .bindFailed(bindDN: bindDN, code: code, message: message) }
            return .operationFailed(url: server.url, operation: operation, code: code, message: message)
        }
    }

    /// The result code recorded on the handle after a call that returned no code (`ldap_result`'s -1).
    func lastResultCode() -> Int32 {
        guard let handle else { return LDAP_SERVER_DOWN }
        var code: Int32 = LDAP_OTHER
        ldap_get_option(handle, LDAP_OPT_RESULT_CODE, &code)
        return code
    }

    /// libldap's description of the last error: the code's text, with the
    /// diagnostic message the server or library left, when there is one.
    func diagnosticMessage(code: Int32? = nil) -> String {
        let resultCode = code ?? lastResultCode()
        let text = String(cString: ldap_err2string(resultCode))
        guard let handle else { return text }
        var pointer: UnsafeMutablePointer<CChar>?
        ldap_get_option(handle, LDAP_OPT_DIAGNOSTIC_MESSAGE, &pointer)
        guard let diagnostic = takeLDAPString(pointer), !diagnostic.isEmpty, diagnostic != text else { return text }
        return "\(text) (\(diagnostic))"
    }
}
