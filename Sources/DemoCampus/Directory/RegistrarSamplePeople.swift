/// The people of the real registrar samples (`../shared/registrar-samples`:
/// the student `quinna`, the instructor `valer`, the CSSE474-02 roster and the
/// CSSE3 course search), with names as the samples print them and the
/// contact data the samples leave blank. Hard-coded: generation never reads
/// the samples. Advisors the roster names only by username (`fenwic`,
/// `elliso`, `thorne`, `faulk`, `eaton`) get invented names.
enum RegistrarSamplePeople {
    /// The sample roster student whose directory entry is suppressed (FERPA).
    static let suppressedStudent = "holtq"

    static var listings: [DirectoryListing] {
        faculty.enumerated().map { index, member in
            var listing = DirectoryListing(
                username: member.username, givenName: member.first, familyName: member.last, affiliation: .faculty,
                phone: "812-877-\(8400 + index * 3 + 11)", office: member.office, campusMailbox: "CM \(109 + index)",
                department: member.department, title: member.title)
            if member.username == "valer" {
                listing.otherMail = ["robin.vale@rose-hulman.edu"]
                listing.photoGrey = 96
            }
            return listing
        } + students.map { student in
            var listing = DirectoryListing(
                username: student.username, givenName: student.first, familyName: student.last,
                affiliation: .student, campusMailbox: "CM \(student.mailbox)")
            listing.major = student.major
            listing.classYear = DirectoryListing.classYear(ofYear: student.year)
            listing.advisor = student.advisor
            listing.suppressed = student.username == suppressedStudent
            listing.photoGrey = student.username == "quinna" ? 160 : nil
            return listing
        }
    }

    private static let csse = "Comp Science and Software Eng"

    private static let faculty: [(username: String, first: String, last: String, department: String, title: String, office: String)] = [
        ("valer", "Robin", "Vale", csse, "Associate Professor", "O204"),
        ("valer1", "Robin", "Vale", csse, "Adjunct Professor", "O201"),
        ("mercerj", "Jordan", "Mercer", csse, "Professor", "O211"),
        ("doyler", "Riley", "Doyle", "Electrical & Computer Engr", "Assistant Professor", "D213"),
        ("quinna1", "Alex", "Quinn", "Engineering Management", "Adjunct Instructor", "C114"),
        ("jansses", "Sage", "Janssen", "Engineering Management", "Associate Professor", "C118"),
        ("lansinp", "Perrin", "Lansing", csse, "Lecturer", "O213"),
        ("hales", "Sutton", "Hale", csse, "Professor", "O206"),
        ("okafore", "Emerson", "Okafor", csse, "Assistant Professor", "O208"),
        ("dunmori", "Isolde", "Dunmore", csse, "Associate Professor", "O210"),
        ("tindalb", "Bodhi", "Tindall", csse, "Assistant Professor", "O212"),
        ("brandtg", "Galen", "Brandt", csse, "Professor", "O214"),
        ("sterlip", "Phoenix", "Sterling", csse, "Associate Professor", "O216"),
        ("quints", "Skyler", "Quint", csse, "Lecturer", "O218"),
        ("frostt", "Taylor", "Frost", csse, "Professor", "O220"),
        ("nashh", "Harper", "Nash", csse, "Assistant Professor", "O222"),
        ("ormsbyr", "Rafe", "Ormsby", csse, "Associate Professor", "O224"),
        ("fenwic", "Cameron", "Fenwick", csse, "Professor", "O226"),
        ("elliso", "Elliot", "Ellison", csse, "Associate Professor", "O228"),
        ("thorne", "Tatum", "Thorne", "Electrical & Computer Engr", "Professor", "D215"),
        ("faulk", "Avery", "Faulk", "Mathematics", "Associate Professor", "G214"),
        ("eaton", "Noel", "Eaton", csse, "Professor", "O230"),
    ]

    /// The CSSE474-02 roster, as the sample prints it.
    private static let students: [(username: String, first: String, last: String, major: String, year: String, advisor: String, mailbox: Int)] = [
        ("quinna", "Alex", "Quinn", "CS", "Y3", "valer", 1402),
        ("ashbyc", "Casey", "Ashby", "CS", "Y3", "frostt", 1417),
        ("holtq", "Quinn", "Holt", "CS", "Y3", "fenwic", 1433),
        ("keener", "Reese", "Keene", "CS", "Y3", "valer", 1448),
        ("loweryd", "Devon", "Lowery", "CS", "Y3", "valer", 1456),
        ("pruittr", "Rowan", "Pruitt", "CS", "Y4", "elliso", 1471),
        ("whitloh", "Hayden", "Whitlock", "CS", "Y4", "sterlip", 1489),
        ("zanep", "Parris", "Zane", "CS/SE", "Y4", "brandtg", 1494),
        ("abbottm", "Marlow", "Abbott", "CS", "Y3", "frostt", 1503),
        ("cranel", "Lennox", "Crane", "CS", "Y3", "fenwic", 1518),
        ("darrowa", "Arden", "Darrow", "CPE/CS", "Y4", "thorne", 1526),
        ("grangeb", "Briar", "Granger", "CS", "Y3", "fenwic", 1531),
        ("jukest", "Tatum", "Jukes", "CS", "Y3", "valer", 1547),
        ("penninn", "Nico", "Pennington", "CS/MA", "Y3", "faulk", 1552),
        ("quigler", "Remy", "Quigley", "CS", "Y3", "faulk", 1568),
        ("seftoni", "Indra", "Sefton", "CS", "Y3", "hales", 1573),
        ("conwayh", "Hollis", "Conway", "CS", "Y3", "dunmori", 1589),
        ("elwoodj", "Jad", "Elwood", "CS", "Y3", "mercerj", 1594),
        ("joffren", "Nessa", "Joffrey", "CS", "Y2", "eaton", 1605),
        ("merrowq", "Quill", "Merrow", "CS/MA", "Y3", "faulk", 1611),
        ("paxtons", "Soren", "Paxton", "CS", "Y3", "faulk", 1627),
        ("rentonu", "Ulric", "Renton", "CS", "Y3", "mercerj", 1632),
        ("strandv", "Vada", "Strand", "CS", "Y4", "ormsbyr", 1648),
    ]
}
