/// Everything known about how to reach a person: the merged registrar and
/// directory person plus the directory-only facts a card shows.
public struct ContactCard: Hashable, Sendable {
    /// The registrar person with the directory laid over it.
    public var person: Person
    public var givenName: String?
    public var familyName: String?
    /// Job title: `Associate Professor`.
    public var title: String?
    /// The JPEG photo, when the directory has one and the caller asked for it.
    public var photo: [UInt8]?
    /// Whether the directory holds a photo (even when ``photo`` was not loaded).
    public var hasPhoto: Bool

    public init(
        person: Person, givenName: String? = nil, familyName: String? = nil, title: String? = nil,
        photo: [UInt8]? = nil, hasPhoto: Bool = false
    ) {
        self.person = person
        self.givenName = givenName
        self.familyName = familyName
        self.title = title
        self.photo = photo
        self.hasPhoto = hasPhoto || photo != nil
    }

    /// The card of a registrar person (`person`, nil when only the directory knows them)
    /// and their directory entry (nil when the directory does not know them).
    public init?(registrar person: Person?, directory: DirectoryPerson?) {
        switch (person, directory) {
        case (nil, nil):
            return nil
        case (let person?, nil):
            self.init(person: person)
        case (let person, let directory?):
            self.init(
                person: person.map { $0.merged(with: directory) } ?? Person(directory),
                givenName: directory.givenName, familyName: directory.familyName, title: directory.title,
                photo: directory.photo, hasPhoto: directory.photo != nil)
        }
    }

    /// `mailto:` for the person's e-mail, when known and one plain address.
    public var mailto: String? {
        person.email.flatMap(MailtoURI.single)?.description
    }
}
