/// The campus directory as LDIF, deterministic like the rest of the demo campus.
///
/// Entries only, each `uid=USERNAME,ou=People,dc=rose-hulman,dc=edu`
/// (`top`, `person`, `organizationalPerson`, `inetOrgPerson`, `eduPerson`,
/// `campusPerson`): the parents `dc=rose-hulman,dc=edu` and `ou=People` are
/// the server's own (scripts/slapd loads them first). Every person's password is
/// `demo-<username>`, kept as `userPassword` in slapd's salted SHA-1 (`{SSHA}`).
///
/// ```swift
/// try DirectoryFixture.demo().write(toFile: "fixtures/directory.ldif", atomically: true, encoding: .utf8)
/// ```
public enum DirectoryFixture {
    /// The demo directory, byte for byte the committed `fixtures/directory.ldif`:
    /// every student and faculty member of the demo campus (the same names,
    /// departments, majors and advisors as its pages, with the contact data
    /// the pages lack), the people of the real registrar samples, and campus
    /// staff who appear on no registrar page.
    public static func demo(seed: UInt64 = CampusScale.demoSeed) -> String {
        render(DemoDirectory.listings(seed: seed), title: "the demo campus directory (seed \(seed))")
    }

    /// A generated directory of `people` entries for benchmarks and paging tests
    /// (`uid=u000001`, ...): every tenth is faculty advising the nine students
    /// after them, each kind with the same attributes, every hundredth with a photo.
    public static func scale(people: Int, seed: UInt64) -> String {
        render(ScaleDirectory.listings(people: people, seed: seed), title: "a directory of \(people) people (seed \(seed))")
    }

    /// The directory of a generated campus, grown to `people` entries: every student and
    /// faculty member of `campus` as ``demo(seed:)`` lists the demo campus's, the samples'
    /// people and the staff, then generated people (`u000001`, ...) as ``scale(people:seed:)``
    /// makes them, for a benchmark campus whose directory is larger than its registrar.
    public static func campus(_ campus: GeneratedCampus, people: Int, seed: UInt64) -> String {
        let listings = DemoDirectory.listings(of: campus, seed: seed)
        let extra = ScaleDirectory.listings(people: max(1, people - listings.count), seed: seed)
        return render(listings + (people > listings.count ? extra : []), title: "a campus directory of \(people) people (seed \(seed))")
    }

    /// The usernames of the demo directory's suppressed people (`campusPrivacy: suppress`).
    public static let suppressedUsernames: [String] = DemoDirectory.suppressedUsernames(seed: CampusScale.demoSeed)

    private static func render(_ listings: [DirectoryListing], title: String) -> String {
        var text = "# \(title.prefix(1).uppercased() + title.dropFirst()), made by campus-fixtures directory.\n"
            + "# Generated: do not edit; regenerate as fixtures/README.md says.\n\n"
        for listing in listings { text += listing.record.rendered }
        return text
    }
}
