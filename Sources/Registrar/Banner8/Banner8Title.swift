import CampusCore

/// A Banner 8 section title: `Embedded Design Enabling Robotics - 15633 - EECE 2160 - 01`
/// (title, CRN, subject and number, section). The title itself may hold ` - `: the
/// parts are taken from the right.
struct Banner8Title {
    var title: String
    var crn: String
    var id: SectionID

    init?(_ text: String) {
        // The text is normalised (spaces squeezed, trimmed), so the parts need no trimming.
        guard var parts = Banner8Text.parts(of: text, separators: 3) else { return nil }
        let section = parts.removeLast()
        let course = parts.removeLast().split(separator: " ", omittingEmptySubsequences: true)
        let crn = parts.removeLast()
        guard course.count == 2, !crn.isEmpty, crn.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              let id = SectionID("\(course[0])\(course[1])-\(section)") else { return nil }
        self.title = String(parts[0])
        self.crn = String(crn)
        self.id = id
    }
}
