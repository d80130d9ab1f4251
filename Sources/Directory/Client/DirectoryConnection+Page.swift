internal import CLDAP
import Foundation

extension DirectoryConnection {
    /// Sends one page's search, with the paged-results control carrying
    /// `cookie` unless the request asks for no paging, and waits, at most the
    /// operation time-out, for the whole page.
    func fetchPage(_ request: DirectorySearchRequest, cookie: Data) throws -> SearchPage {
        let operation = "the search under \(request.base)"
        let ld = try openHandle(for: operation)
        var control: UnsafeMutablePointer<LDAPControl>?
        if let pageSize = request.pageSize {
            let created = withBerval(cookie) { ldap_create_page_control(ld, ber_int_t(pageSize), &$0, 0, &control) }
            guard created == LDAP_SUCCESS else { throw failure(created, operation: operation) }
        }
        defer { if let control { ldap_control_free(control) } }
        var messageID: Int32 = 0
        let sent = withCStrings(request.attributes) { attributes in
            var controls = [control, nil]
            return controls.withUnsafeMutableBufferPointer { serverControls in
                ldap_search_ext(ld, request.base, request.scope.libldapValue, request.filter, attributes, 0,
                                control == nil ? nil : serverControls.baseAddress, nil, nil,
                                Int32(request.sizeLimit ?? 0), &messageID)
            }
        }
        guard sent == LDAP_SUCCESS else { throw searchError(sent, request: request, operation: operation) }
        var timeout = server.operationTimeout.timeValue
        var chain: OpaquePointer?
        let received = ldap_result(ld, messageID, LDAP_MSG_ALL, &timeout, &chain)
        defer { if let chain { ldap_msgfree(chain) } }
        if received == 0 {
            ldap_abandon_ext(ld, messageID, nil, nil)
            throw DirectoryError.timeout(url: server.url, operation: operation)
        }
        guard received > 0, let chain else { throw failure(lastResultCode(), operation: operation) }
        return SearchPage(ld: ld, chain: chain)
    }

    /// A search libldap would not send: a bad filter is the request's fault, anything else the connection's.
    private func searchError(_ code: Int32, request: DirectorySearchRequest, operation: String) -> DirectoryError {
        guard code == LDAP_FILTER_ERROR else { return failure(code, operation: operation) }
        return .searchFailed(base: request.base, filter: request.filter, code: code,
                             message: String(cString: ldap_err2string(code)))
    }

    /// Calls `body` with a NULL-terminated C array of `strings`, or NULL when there are none.
    private func withCStrings<Result>(_ strings: [String],
                                      _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Result) -> Result {
        guard !strings.isEmpty else { return body(nil) }
        var pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress) }
    }
}

extension DirectorySearchRequest.Scope {
    var libldapValue: Int32 {
        switch self {
        case .base: campus_ldap_scope_base()
        case .oneLevel: campus_ldap_scope_one()
        case .subtree: campus_ldap_scope_subtree()
        }
    }
}
