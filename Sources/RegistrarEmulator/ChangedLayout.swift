/// The "changed layout" fault: the sections table's column headers renamed, as a
/// registrar redesign would, so a scraper that finds columns by header text fails loudly.
enum ChangedLayout {
    /// Header cells and what they become.
    static let renamedHeaders = [
        ("<TH>Course</TH>", "<TH>Offering</TH>"),
        ("<TH>Term Schedule</TH>", "<TH>Meets</TH>"),
        ("<TH>Course Title</TH>", "<TH>Title</TH>"),
        ("<TH>Instructor</TH>", "<TH>Taught By</TH>"),
    ]

    /// `html` with the renamed headers.
    static func apply(to html: String) -> String {
        renamedHeaders.reduce(html) { page, rename in
            page.replacing(rename.0, with: rename.1)
        }
    }
}
