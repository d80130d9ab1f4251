/// A fact about a person that a profile maps to directory attributes.
///
/// The raw values are the keys of a profile file's `fields:` section.
public enum DirectoryField: String, CaseIterable, Sendable, Codable {
    case username
    case displayName = "display-name"
    case givenName = "given-name"
    case familyName = "family-name"
    case email
    case phone
    case office
    case campusMail = "campus-mail"
    case department
    case title
    case affiliation
    case major
    case classYear = "class-year"
    case advisor
    case photo
    /// When the password last changed (`pwdChangedTime`, `pwdLastSet`): sessions and links
    /// made before it end.
    case passwordChanged = "password-changed"
    /// The name a person may also log in by, `user@realm` (`userPrincipalName`,
    /// `eduPersonPrincipalName`): looked up at log-in, not kept.
    case principalName = "principal-name"
}
