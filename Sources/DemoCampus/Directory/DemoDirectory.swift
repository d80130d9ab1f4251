import CampusCore

/// The demo campus's directory: its faculty and students as the pages show
/// them plus what only a directory knows, then the registrar samples' people
/// and the staff. Where a sample username is also a demo person (`grangeb`,
/// `quigler`), the demo person's entry is the one kept.
enum DemoDirectory {
    static func listings(seed: UInt64) -> [DirectoryListing] {
        listings(of: CampusGenerator.generate(.demo(seed: seed)), seed: seed)
    }

    /// The listings of any generated campus: its faculty and students, the samples' people and the staff.
    static func listings(of campus: GeneratedCampus, seed: UInt64) -> [DirectoryListing] {
        var random = SeededGenerator(seed: seed).derived(800)
        let suppressed = Set(suppressedUsernames(in: campus))
        let titles = ["Professor", "Associate Professor", "Assistant Professor", "Lecturer"]

        let faculty = campus.faculty.map { person in
            var listing = listing(person)
            let unlisted = person.phone == nil
            listing.phone = person.phone ?? "812-877-\(Int.random(in: 2000...7999, using: &random))"
            listing.office = person.office ?? "\(random.pick(["O", "G", "M", "C", "D"]))\(Int.random(in: 100...299, using: &random))"
            listing.campusMailbox = person.campusMail ?? "CM \(Int.random(in: 1...199, using: &random))"
            listing.title = person.username == campus.examples.instructor ? "Associate Professor" : random.pick(titles)
            if person.username == campus.examples.instructor {
                listing.otherMail = ["dana.whitfield@rose-hulman.edu"]
                listing.photoGrey = 112
            } else if unlisted && random.chance(0.2) {
                listing.photoGrey = UInt8(Int.random(in: 48...208, using: &random))
            }
            return listing
        }
        let students = campus.students.enumerated().map { index, person in
            var listing = listing(person)
            listing.campusMailbox = "CM \(1700 + index * 7 % 3000)"
            listing.major = person.major
            listing.classYear = DirectoryListing.classYear(ofYear: person.year)
            listing.advisor = person.advisorUsername
            listing.suppressed = suppressed.contains(person.username)
            if person.username == campus.examples.student || index % 80 == 40 {
                listing.photoGrey = UInt8(64 + index % 128)
            }
            return listing
        }
        let demoUsernames = Set((campus.faculty + campus.students).map(\.username))
        let others = (RegistrarSamplePeople.listings + CampusStaff.listings).filter { !demoUsernames.contains($0.username) }
        return faculty + students + others
    }

    /// The suppressed: a demo student who shares a Spring section with the
    /// demo student, and the sample roster's suppressed student.
    static func suppressedUsernames(seed: UInt64) -> [String] {
        suppressedUsernames(in: CampusGenerator.generate(.demo(seed: seed)))
    }

    private static func suppressedUsernames(in campus: GeneratedCampus) -> [String] {
        let student = campus.examples.student
        let spring = campus.terms.last { !$0.term.code.rawValue.hasSuffix("40") }
        let enrollments = spring?.enrollments ?? []
        let sections = Set(enrollments.filter { $0.username == student }.map(\.section))
        let classmate = enrollments
            .filter { sections.contains($0.section) && $0.username != student }
            .map(\.username).min()
        return [classmate, RegistrarSamplePeople.suppressedStudent].compactMap { $0 }
    }

    /// The names, affiliation and department the registrar pages show.
    private static func listing(_ person: Person) -> DirectoryListing {
        let name = person.name ?? person.username
        let parts = name.split(separator: " ", maxSplits: 1).map(String.init)
        return DirectoryListing(
            username: person.username, givenName: parts.first ?? name, familyName: parts.count > 1 ? parts[1] : name,
            affiliation: person.affiliation, department: person.department)
    }
}
