import CampusCore
import CampusIndex
import Foundation

/// Directory entries for the people of ``Fixtures`` and a few only the directory knows.
enum DirectoryFixtures {
    static let source = "ldap://ldap.example.edu/ou=people,dc=example,dc=edu"
    static let syncedAt = Date(timeIntervalSince1970: 1_772_100_000)

    /// Robin Vale as the directory has them: a new office and phone, a title, a photo.
    static let valer = DirectoryPerson(
        username: "valer", dn: "uid=valer,ou=people,dc=example,dc=edu", displayName: "Robin Vale",
        givenName: "Robin", familyName: "Vale", email: "robin.vale@example.edu", phone: "+1 812-877-8411",
        office: "O201", campusMail: "CM 101", department: "Computer Science and Software Engineering",
        title: "Associate Professor", affiliation: .faculty, photo: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0xFF, 0xD9],
        modifiedAt: "20260301120000Z")
    /// Alex Quinn: contact fields only; major, year and advisor come from the registrar.
    static let quinna = DirectoryPerson(
        username: "quinna", dn: "uid=quinna,ou=people,dc=example,dc=edu", displayName: "Alexandra Quinn",
        givenName: "Alexandra", familyName: "Quinn", email: "alex.quinn@example.edu", phone: "812-877-1234",
        campusMail: "CM 97", affiliation: .student, modifiedAt: "20260301120500Z")
    /// Staff, unknown to the registrar.
    static let pruitt = DirectoryPerson(
        username: "pruittk", dn: "uid=pruittk,ou=people,dc=example,dc=edu", displayName: "Kim Pruitt",
        givenName: "Kim", familyName: "Pruitt", email: "pruittk@example.edu", phone: "(812) 877-2000",
        office: "Moench A101", department: "Registrar's Office", title: "Registrar", affiliation: .staff,
        modifiedAt: "20260301121000Z")
    /// A student who asked to be left out (FERPA), also on the registrar's rosters.
    static let alvarez = DirectoryPerson(
        username: "alvarezj", dn: "uid=alvarezj,ou=people,dc=example,dc=edu", displayName: "José Álvarez",
        givenName: "José", familyName: "Álvarez", phone: "812-877-3333", department: "Mechanical Engineering",
        affiliation: .student, photo: [0xFF, 0xD8, 0x01, 0xFF, 0xD9], suppressed: true,
        modifiedAt: "20260301121500Z")

    static let everyone = [valer, quinna, pruitt, alvarez]

    /// A directory person with nothing but a name, for bulk tests.
    static func someone(_ number: Int) -> DirectoryPerson {
        DirectoryPerson(
            username: "user\(number)", dn: "uid=user\(number),ou=people,dc=example,dc=edu",
            displayName: "Some One \(number)", affiliation: .student)
    }

    static func state(_ kind: DirectorySourceKind = .ldap, highWater: String? = nil) -> DirectorySyncState {
        DirectorySyncState(source: source, kind: kind, lastSyncAt: syncedAt, highWater: highWater)
    }
}
