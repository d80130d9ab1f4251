import CampusCore

extension Person {
    /// The person `shape` shows: a fact withheld reads as unknown (``PersonShape/withheld``
    /// tells which were).
    init(_ shape: PersonShape) {
        self.init(
            username: shape.username, name: shape.name, bannerID: shape.bannerId, email: shape.email,
            affiliation: shape.affiliation.flatMap(Affiliation.init(rawValue:)) ?? .unknown, major: shape.major,
            classStanding: shape.class, year: shape.year, advisorUsername: shape.advisor?.username,
            advisorName: shape.advisor?.name, department: shape.department, office: shape.office, phone: shape.phone,
            campusMail: shape.campusMail)
    }
}
