/// Why a sign-in through the campus's sign-in service was refused: ``words`` for the person
/// (what a student can take to the help desk), ``detail`` for the server's log.
public struct SignInRefusal: Error, Sendable, Hashable {
    /// What kind of refusal: the help desk's word for it, shown on the page.
    public enum Kind: String, Sendable, Hashable {
        /// The sign-in service did not answer, or not in time.
        case unreachable = "idp-unreachable"
        /// It answered something that is not what the protocol says.
        case unreadable = "idp-answer-unreadable"
        /// The proof did not hold: a signature, an issuer, an audience, a time, a nonce.
        case notTrusted = "proof-not-trusted"
        /// The sign-in was not started here, in this browser, or was finished already or too late.
        case notStartedHere = "not-started-here"
        /// The proof names nobody (the configured attribute or claim is missing).
        case noUsername = "no-username"
        /// A second factor was demanded and not used.
        case noMFA = "mfa-required"
        /// The service refused the person itself (they cancelled, or are not allowed).
        case refusedByIdP = "refused-by-idp"
    }

    public var kind: Kind
    /// What went wrong, for the log: never a token, an assertion or a secret.
    public var detail: String

    public init(_ kind: Kind, _ detail: String) {
        self.kind = kind
        self.detail = detail
    }

    /// The refusal in words a person can act on.
    public var words: String {
        switch kind {
        case .unreachable:
            "The campus sign-in service cannot be reached just now. Try again in a few minutes."
        case .unreadable:
            "The campus sign-in service answered in a way this site cannot read. Try again; if it happens again, tell the help desk."
        case .notTrusted:
            "The campus sign-in service's answer could not be checked, so you are not signed in. Sign in again; "
                + "if it happens again, tell the help desk."
        case .notStartedHere:
            "This sign-in was not started in this browser, took too long, or was used already. Start again from the log-in page."
        case .noUsername:
            "The campus sign-in service did not say who you are (it sent no username to this site). Tell the help desk."
        case .noMFA:
            "Your role here needs a second factor (your campus's multi-factor sign-in), and this sign-in did not use one. "
                + "Sign in with Campus SSO and your second factor; if you have none set up, ask the help desk."
        case .refusedByIdP:
            "The campus sign-in service did not sign you in. Sign in again; if it keeps refusing, tell the help desk."
        }
    }
}
