/// How a search ended. The entries themselves went to the `receive` closure page by page.
public struct DirectorySearchOutcome: Sendable, Hashable {
    /// How many entries were delivered.
    public var entryCount: Int = 0
    /// How many pages were fetched.
    public var pageCount: Int = 0
    /// Whether the server stopped early (size or time limit, administrative
    /// limit, a referral): the entries delivered are not all that match.
    public var partial: Bool = false
    /// Why the result is partial, or anything else a person should know, in words.
    public var warnings: [String] = []
    /// LDAP URLs the server referred to (referrals and search references);
    /// never followed.
    public var referrals: [String] = []

    /// An outcome with nothing delivered yet.
    public init() {}
}
