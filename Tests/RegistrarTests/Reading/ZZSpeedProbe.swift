import Foundation
@testable import Registrar
import Testing

@Test func zzSpeedProbe() throws {
    let definition = try RegistrarTestFiles.definition()
    let reader = PageReader(definition: definition)
    var pages: [[UInt8]] = []
    for name in ["sample-student.html", "sample-instructor.html", "sample-roster.html", "sample-courses.html"] {
        pages.append(try [UInt8](Data(contentsOf: RegistrarTestFiles.samples.appendingPathComponent(name))))
    }
    var start = Date()
    var count = 0
    for _ in 0..<500 { for page in pages { count += try reader.read(page, source: "x").sections.count } }
    print("SPEED: 2000 pages in \(Date().timeIntervalSince(start)) s (\(count))")
    let docs = pages.map { HTMLDocument(bytes: $0, encoding: "UTF-8")! }
    let l = definition.locators
    for (name, xp) in [("heading", l.heading), ("header", l.header), ("tables", l.dataTables), ("termLinks", l.termLinks), ("title", "//title"), ("mail", l.mailLinks), ("root", "/*"), ("heading-desc", "/descendant::td[@class='wr100']"), ("tables-desc", "/descendant::table[@border='1']"), ("links-desc", "/descendant::a[contains(@href,'termcode=')]")] {
        start = Date()
        for _ in 0..<500 { for doc in docs { count += doc.nodes(matching: xp)!.count } }
        print("SPEED xpath \(name): \(Date().timeIntervalSince(start)) s")
    }
    start = Date()
    for _ in 0..<500 { for doc in docs { count += doc.nodes(matching: l.dataTables)!.map(DataTable.init).count } }
    print("SPEED DataTable: \(Date().timeIntervalSince(start)) s")
    let tables = docs.map { TableSet(tables: $0.nodes(matching: l.dataTables)!.map(DataTable.init), definition: definition) }
    start = Date()
    for _ in 0..<500 { for doc in docs { count += TableSet(tables: doc.nodes(matching: l.dataTables)!.map(DataTable.init), definition: definition).unknown.count } }
    print("SPEED TableSet: \(Date().timeIntervalSince(start)) s")
    let sr = SectionsTableReader(definition: definition, source: "x", meetings: MeetingStringParser(grammar: definition.meetings, periods: definition.periods), bareNumbers: .clockHours)
    start = Date()
    for _ in 0..<500 { for t in tables { if let s = t.sections { count += sr.read(s).sections.count } } }
    print("SPEED sections: \(Date().timeIntervalSince(start)) s")
    let gr = TermGridReader(afternoonHours: 1...7, periodMinutes: 50)
    start = Date()
    for _ in 0..<500 { for t in tables { if let s = t.grid { count += gr.read(s).entries.count } } }
    print("SPEED grid: \(Date().timeIntervalSince(start)) s")
    let rr = RosterTableReader(columns: definition.rosterColumns, idParameter: "id", source: "x")
    start = Date()
    for _ in 0..<500 { for t in tables { if let s = t.roster { count += rr.read(s).entries.count } } }
    print("SPEED roster: \(Date().timeIntervalSince(start)) s")
    withExtendedLifetime(docs) {}
}
