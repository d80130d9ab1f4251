import Foundation

/// The demo campus's saved pages, copied to move a section between two crawls, as a registrar
/// would: PH235-01 (spring 202630, Ambrose, Fern) from room M111 to O169 on every page that shows it.
struct MovedSection {
    static let section = "PH235-01"
    static let term = "202630"
    static let oldRoom = "M111"
    static let newRoom = "O169"

    let pages: URL

    /// A copy of the demo pages in `campus`'s home.
    init(_ campus: CampusRunner) throws {
        pages = try DemoCampusSyncTests.demoPages(campus)
    }

    /// Moves the section on every page of its term; returns how many pages changed.
    @discardableResult
    func move() throws -> Int {
        let folder = pages.appendingPathComponent(Self.term)
        let row = try Regex("(\(Self.section)</A></TD>.*?<TD>[A-Z]+/[0-9:-]+/)\(Self.oldRoom)")
        var changed = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let file = folder.appendingPathComponent(name)
            let page = try String(decoding: Data(contentsOf: file), as: UTF8.self)
            let moved = page
                .replacing(row) { match in String(page[match.range].dropLast(Self.oldRoom.count)) + Self.newRoom }
                .replacing("\(Self.section) in \(Self.oldRoom)", with: "\(Self.section) in \(Self.newRoom)")
            guard moved != page else { continue }
            try Data(moved.utf8).write(to: file)
            changed += 1
        }
        return changed
    }
}
