import Foundation
import Testing

/// The demo campus's saved pages, copied to move a section between two crawls, as a registrar
/// would: CHEM111-02 (spring 202630, taught by kincaib, with `brennam` and the suppressed
/// `ashbye` among its students) from room BI102 to O169 on every page that shows it.
struct MovedSection {
    static let section = "CHEM111-02"
    static let term = "202630"
    static let instructor = "kincaib"
    static let suppressedStudent = "ashbye"
    static let oldRoom = "BI102"
    static let newRoom = "O169"

    let pages: URL

    /// A copy of the demo pages in `campus`'s home.
    init(_ campus: CampusRunner) throws {
        pages = try DemoCampusSyncTests.demoPages(campus)
    }

    /// Moves the section on every page of its term (its rows in listings, its cells in weekly
    /// grids), from `from` to `to`; returns how many pages changed.
    @discardableResult
    func move(from oldRoom: String = oldRoom, to newRoom: String = newRoom) throws -> Int {
        let folder = pages.appendingPathComponent(Self.term)
        let row = try Regex("\(Self.section)</A></TD>.*?</TR>")
        var changed = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let file = folder.appendingPathComponent(name)
            let page = try String(decoding: Data(contentsOf: file), as: UTF8.self)
            let moved = page
                .replacing(row) { match in page[match.range].replacing("/\(oldRoom)", with: "/\(newRoom)") }
                .replacing("\(Self.section) in \(oldRoom)", with: "\(Self.section) in \(newRoom)")
            guard moved != page else { continue }
            try Data(moved.utf8).write(to: file)
            changed += 1
        }
        return changed
    }

    /// Drops `student` from the section at the registrar: their row in its roster and in their schedule.
    func drop(_ student: String) throws {
        let folder = pages.appendingPathComponent(Self.term)
        let edits: [(String, Regex<Substring>)] = [
            ("Roster-\(Self.section).html", try Regex("<TR><TD><A HREF=\"[^\"]*id=\(student)\">.*?</TR>\n?")),
            ("Username-\(student).html", try Regex("<TR><TD><A HREF=\"[^\"]*id=\(Self.section)\">\(Self.section)</A>.*?</TR>\n?")),
        ]
        for (name, row) in edits {
            let file = folder.appendingPathComponent(name)
            let page = try String(decoding: Data(contentsOf: file), as: UTF8.self)
            let dropped = page.replacing(row, with: "", maxReplacements: 1)
            #expect(dropped != page, "\(name) listed \(student) in \(Self.section)")
            try Data(dropped.utf8).write(to: file)
        }
    }

    /// The section's students in the demo pages' roster, lower-cased.
    func students() throws -> Set<String> {
        let roster = try String(
            decoding: Data(contentsOf: pages.appendingPathComponent("\(Self.term)/Roster-\(Self.section).html")), as: UTF8.self)
        return Set(roster.matches(of: try Regex("type=Username&termcode=[0-9]+&view=tgrid&id=([a-z0-9]+)\"")).compactMap { match in
            match.output[1].substring.map { String($0).lowercased() }
        })
    }
}
