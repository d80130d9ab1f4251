/// Staff of the demo campus: in the directory, on no registrar page. Among
/// them a name with accents (`José Núñez`, written base64 as LDIF requires),
/// shared mailboxes as second `mail` values, and a description long enough
/// to be folded.
enum CampusStaff {
    static var listings: [DirectoryListing] {
        staff.enumerated().map { index, member in
            var listing = DirectoryListing(
                username: member.username, givenName: member.first, familyName: member.last, affiliation: .staff,
                otherMail: member.otherMail, phone: "812-877-\(8100 + index * 7)", office: member.office,
                campusMailbox: "CM \(20 + index)", department: member.department, title: member.title)
            listing.description = member.description
            listing.photoGrey = member.username == "nunezj" ? 200 : nil
            return listing
        }
    }

    private static let registrar = "Registrar's Office"
    private static let it = "Information Technology"

    private static let staff: [(username: String, first: String, last: String, department: String, title: String,
                                office: String, otherMail: [String], description: String?)] = [
        ("marchk", "Kiran", "March", registrar, "Registrar", "HH 110", ["registrar@rose-hulman.edu"], nil),
        ("oduyal", "Lumi", "Oduya", registrar, "Associate Registrar", "HH 112", [], nil),
        ("bexleyt", "Tam", "Bexley", registrar, "Scheduling Coordinator", "HH 114", [],
         "Builds the quarterly course schedule, assigns classrooms and final exam rooms, and answers "
            + "questions about Schedule Lookup, room conflicts and cross-listed sections."),
        ("pikej", "Jory", "Pike", it, "Help Desk Manager", "C117", ["helpdesk@rose-hulman.edu"], nil),
        ("nunezj", "José", "Núñez", it, "Help Desk Technician", "C119", ["jose.nunez@rose-hulman.edu"], nil),
        ("farrowc", "Cato", "Farrow", it, "Systems Administrator", "C121", [], nil),
        ("lindgrz", "Zoë", "Lindgren", it, "Directory Services Analyst", "C123", [], nil),
        ("wendelm", "Mae", "Wendell", "Logan Library", "Librarian", "L102", [], nil),
        ("ostranr", "Rue", "Ostrander", "Student Affairs", "Dean of Students", "HH 201", [], nil),
        ("kowalsa", "Ana", "Kowalski", "Facilities Operations", "Facilities Manager", "F001", [], nil),
        ("brightp", "Piper", "Bright", "Career Services", "Career Counselor", "HH 205", [], nil),
    ]
}
