/// A generated directory of any size for benchmarks and paging tests.
///
/// People `u000001`, `u000002`, ... in order. Every tenth person, starting with
/// the first, is faculty (title, department) and advises the nine students
/// after them (major, class year, advisor). Everyone has a phone, an office
/// or room, a campus mailbox and a department; every hundredth has a photo.
enum ScaleDirectory {
    static func listings(people: Int, seed: UInt64) -> [DirectoryListing] {
        var random = SeededGenerator(seed: seed).derived(700)
        let titles = ["Professor", "Associate Professor", "Assistant Professor", "Lecturer"]
        return (1...max(people, 1)).map { number in
            let username = Self.username(number)
            let department = random.pick(DepartmentCatalog.all)
            var listing = DirectoryListing(
                username: username, givenName: random.pick(NamePool.first), familyName: random.pick(NamePool.last),
                affiliation: number % 10 == 1 ? .faculty : .student,
                phone: "812-877-\(1000 + number % 9000)",
                office: "\(random.pick(["O", "G", "M", "C", "D"]))\(Int.random(in: 100...299, using: &random))",
                campusMailbox: "CM \(number % 5000 + 1)", department: department.name)
            if listing.affiliation == .faculty {
                listing.title = random.pick(titles)
            } else {
                listing.major = department.majors.isEmpty ? "CS" : random.pick(department.majors)
                listing.classYear = Int.random(in: 2026...2029, using: &random)
                listing.advisor = Self.username((number - 1) / 10 * 10 + 1)
            }
            if number % 100 == 50 { listing.photoGrey = UInt8(truncatingIfNeeded: number / 100 * 37 + 64) }
            return listing
        }
    }

    /// `u000042` for 42.
    private static func username(_ number: Int) -> String {
        "u" + String(repeating: "0", count: max(0, 6 - String(number).count)) + String(number)
    }
}
