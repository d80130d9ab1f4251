import CampusLookup

extension ServerMetrics {
    /// Runs a log-in, counting it for `/metrics` when it is refused (wrong credentials,
    /// throttled): the API's and the web form's alike.
    func countingRefusals<T>(_ logIn: () async throws(CampusError) -> T) async throws(CampusError) -> T {
        do {
            return try await logIn()
        } catch {
            switch error {
            case .loginFailed: loginFailed()
            case .loginThrottled: loginThrottled()
            default: break
            }
            throw error
        }
    }
}
