/// What a person types to log in: their username, their principal name (`user@realm`, as
/// Active Directory's `userPrincipalName` or eduPerson's `eduPersonPrincipalName` holds it),
/// or their username under the directory's domain (`DOMAIN\user`, the NetBIOS domain name).
public enum LoginName: Hashable, Sendable {
    case username(String)
    case principal(String)
    case domainUser(domain: String, user: String)

    /// Reads a typed name; `nil` for one no directory could hold: empty, longer than 256
    /// characters, or with characters but letters, digits and `._-` (and one `@` or `\`).
    public init?(_ typed: String) {
        let text = typed.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.utf8.count <= 256 else { return nil }
        if let slash = text.firstIndex(of: "\\") {
            let domain = String(text[..<slash]), user = String(text[text.index(after: slash)...])
            guard Self.isPlain(domain), Self.isPlain(user) else { return nil }
            self = .domainUser(domain: domain, user: user)
        } else if let at = text.firstIndex(of: "@") {
            let user = text[..<at], realm = text[text.index(after: at)...]
            guard Self.isPlain(user), Self.isPlain(realm), realm.contains(".") else { return nil }
            self = .principal(text)
        } else {
            guard Self.isPlain(text) else { return nil }
            self = .username(text)
        }
    }

    /// Letters, digits and `._-`, at least one, ASCII only.
    private static func isPlain(_ text: some StringProtocol) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "._-".unicodeScalars.contains(scalar))
        }
    }

    /// The account the name is of, lower-cased, whichever way it was written (`user` of
    /// `user@realm` and of `DOMAIN\user`): what failed log-ins are counted by, so each way of
    /// writing one person's name does not bring its own guesses.
    public var account: String {
        switch self {
        case .username(let name): name.lowercased()
        case .principal(let name): String(name.prefix { $0 != "@" }).lowercased()
        case .domainUser(_, let user): user.lowercased()
        }
    }

    /// The name as typed, lower-cased: for messages.
    public var typed: String {
        switch self {
        case .username(let name), .principal(let name): name.lowercased()
        case .domainUser(let domain, let user): "\(domain)\\\(user)".lowercased()
        }
    }
}
