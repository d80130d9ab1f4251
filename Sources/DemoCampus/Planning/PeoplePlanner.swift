import CampusCore

/// A faculty member and the subject they teach.
struct FacultyMember: Sendable {
    var person: Person
    var subject: String
}

/// Invents the faculty and the students of a campus.
struct PeoplePlanner {
    private var random: SeededGenerator
    private var usernames = UsernameBook()

    init(random: SeededGenerator) {
        self.random = random
    }

    /// The e-mail address the registrar prints for a username.
    static func email(of username: String) -> String { "\(username.uppercased())@rose-hulman.edu" }

    /// `count` faculty spread over the departments by weight, the busy demo instructor first.
    mutating func faculty(count: Int) -> [FacultyMember] {
        let departments = DepartmentCatalog.all
        let totalWeight = departments.map(\.weight).reduce(0, +)
        var members = [demoInstructor()]
        for department in departments {
            let share = max(2, count * department.weight / totalWeight) - (department.subject == "CSSE" ? 1 : 0)
            for _ in 0..<share {
                let (first, last) = name()
                let username = usernames.username(first: first, last: last)
                members.append(facultyMember(
                    first: first, last: last, username: username, subject: department.subject, number: members.count))
            }
        }
        return members
    }

    /// `count` students, the demo student first, each advised by faculty of their major.
    mutating func students(count: Int, faculty: [FacultyMember]) -> [Person] {
        var students = [demoStudent(advisor: faculty[0].person)]
        let majors = ["CS", "CS", "SE", "CS/SE", "CS/MA", "CPE", "CPE/CS", "EE", "ME", "ME", "CHE", "CHEM",
                      "BE", "BIO", "MA", "PH", "OE"]
        let standings = ["FR", "SO", "JR", "SR"]
        for index in 1..<count {
            let (first, last) = name()
            let username = usernames.username(first: first, last: last)
            let major = random.pick(majors)
            let standing = random.pick(standings)
            let year = random.chance(0.85) ? "Y\(standings.firstIndex(of: standing)! + 1)" : random.pick(["Y2", "Y3", "Y4"])
            let advisor = advisor(for: major, among: faculty)
            students.append(Person(
                username: username, name: "\(first) \(last)", bannerID: String(800_500_000 + index * 3 + 2),
                email: Self.email(of: username), affiliation: .student, major: major, classStanding: standing,
                year: year, advisorUsername: advisor.username, advisorName: advisor.name))
        }
        return students
    }

    private mutating func name() -> (first: String, last: String) {
        (random.pick(NamePool.first), random.pick(NamePool.last))
    }

    private mutating func advisor(for major: String, among faculty: [FacultyMember]) -> Person {
        let subjects = DepartmentCatalog.all.filter { $0.majors.contains(major) }.map(\.subject)
        let advisors = faculty.filter { subjects.contains($0.subject) }
        return random.pick(advisors.isEmpty ? faculty : advisors).person
    }

    private mutating func facultyMember(
        first: String, last: String, username: String, subject: String, number: Int
    ) -> FacultyMember {
        let department = DepartmentCatalog.teaching(subject)!
        let listed = random.chance(0.7)
        let person = Person(
            username: username, name: "\(first) \(last)", bannerID: String(800_100_000 + number * 11 + 7),
            email: Self.email(of: username), affiliation: .faculty, department: department.name,
            office: listed ? "\(random.pick(["O", "G", "M", "C", "D"]))\(Int.random(in: 100...299, using: &random))" : nil,
            phone: listed ? "812-877-\(1000 + number * 7 % 9000)" : nil,
            campusMail: listed ? "CM \(Int.random(in: 1...199, using: &random))" : nil)
        return FacultyMember(person: person, subject: subject)
    }

    private mutating func demoInstructor() -> FacultyMember {
        _ = usernames.reserve(DemoExamples.standard.instructor)
        return FacultyMember(person: Person(
            username: DemoExamples.standard.instructor, name: "Dana Whitfield", bannerID: "800100007",
            email: Self.email(of: DemoExamples.standard.instructor), affiliation: .faculty,
            department: "Comp Science and Software Eng", office: "O205", phone: "812-877-8123", campusMail: "CM 97"),
            subject: "CSSE")
    }

    private mutating func demoStudent(advisor: Person) -> Person {
        _ = usernames.reserve(DemoExamples.standard.student)
        return Person(
            username: DemoExamples.standard.student, name: "Morgan Brennan", bannerID: "800500001",
            email: Self.email(of: DemoExamples.standard.student), affiliation: .student, major: "CS/MA",
            classStanding: "JR", year: "Y3", advisorUsername: advisor.username, advisorName: advisor.name)
    }
}
