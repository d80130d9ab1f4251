internal import CLDAP
import Foundation

extension DirectoryConnection {
    /// Runs `request` as a paged search (RFC 2696), calling `receive` once
    /// per non-empty page with that page's entries, and returns how it ended.
    ///
    /// Blocks until the last page arrives; each page must arrive within the
    /// server's operation time-out. A size, time or administrative limit makes
    /// a partial outcome with a warning; referrals and search references are
    /// reported in the outcome, never followed. An error thrown by `receive`
    /// stops the search and is rethrown.
    ///
    /// - Throws: ``DirectoryError/noSuchBase(_:)``,
    ///   ``DirectoryError/searchFailed(base:filter:code:message:)``,
    ///   ``DirectoryError/timeout(url:operation:)``,
    ///   ``DirectoryError/connectionLost(url:operation:)``.
    @discardableResult
    public func search(_ request: DirectorySearchRequest,
                       receive: ([DirectoryEntry]) throws -> Void) throws -> DirectorySearchOutcome {
        var outcome = DirectorySearchOutcome()
        var cookie = Data()
        repeat {
            let page = try fetchPage(request, cookie: cookie)
            outcome.pageCount += 1
            outcome.entryCount += page.entries.count
            outcome.referrals += page.referrals
            if !page.entries.isEmpty { try receive(page.entries) }
            try record(page, of: request, in: &outcome)
            cookie = page.resultCode == LDAP_SUCCESS ? page.cookie : Data()
        } while !cookie.isEmpty
        return outcome
    }

    /// The entry at `dn` (a base-scope search), with `attributes` (empty: all
    /// user attributes); `nil` when there is no such entry.
    public func readEntry(dn: String, attributes: [String] = []) throws -> DirectoryEntry? {
        var found: DirectoryEntry?
        do {
            try search(DirectorySearchRequest(base: dn, scope: .base, attributes: attributes)) { found = $0.first }
        } catch DirectoryError.noSuchBase {
            return nil
        }
        return found
    }

    /// Notes a limit or referral in `outcome`; throws for any other failure.
    private func record(_ page: SearchPage, of request: DirectorySearchRequest,
                        in outcome: inout DirectorySearchOutcome) throws {
        let limit: String
        switch page.resultCode {
        case LDAP_SUCCESS: return
        case LDAP_SIZELIMIT_EXCEEDED: limit = "its size limit"
        case LDAP_TIMELIMIT_EXCEEDED: limit = "its time limit"
        case LDAP_ADMINLIMIT_EXCEEDED: limit = "an administrative limit"
        case LDAP_REFERRAL:
            outcome.partial = true
            outcome.warnings.append("the server referred the search to \(page.referrals.joined(separator: ", ")); referrals are not followed")
            return
        case LDAP_NO_SUCH_OBJECT:
            throw DirectoryError.noSuchBase(request.base)
        default:
            throw DirectoryError.searchFailed(base: request.base, filter: request.filter, code: page.resultCode,
                                              message: page.message ?? String(cString: ldap_err2string(page.resultCode)))
        }
        outcome.partial = true
        outcome.warnings.append("the server stopped at \(limit) after \(outcome.entryCount) entries; the result is partial")
    }
}
