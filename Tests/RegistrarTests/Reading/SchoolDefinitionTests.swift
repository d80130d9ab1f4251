import CampusCore
import Foundation
import Registrar
import Testing

/// Every school is a definition file naming its family; a definition that names an
/// unknown family or key, or one header for two fields, is refused, naming the line.
@Suite struct SchoolDefinitionTests {
    private func definition(_ name: String) throws -> SchoolDefinition {
        try SchoolDefinition.load(contentsOf: RegistrarTestFiles.packageRoot.appendingPathComponent("scrapers/\(name).yaml"))
    }

    /// Loads `text` from a file of its own; the error, if any.
    private func refusal(_ text: String) throws -> DefinitionError? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("definition-\(UUID().uuidString).yaml")
        try text.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try SchoolDefinition.load(contentsOf: file)
            return nil
        } catch {
            return error
        }
    }

    private func roseHulman(editing edit: (String) -> String) throws -> String {
        edit(try String(contentsOf: RegistrarTestFiles.roseHulman, encoding: .utf8))
    }

    @Test func eachSampleSchoolIsADefinitionOfItsFamily() throws {
        let rose = try definition("rose-hulman")
        #expect(rose.family == .regSched && rose.regSched != nil)
        let northeastern = try definition("northeastern")
        #expect((northeastern.family, northeastern.name, northeastern.timeZone) == (.banner8, "Northeastern University", "America/New_York"))
        let thompson = try definition("thompson-rivers")
        #expect((thompson.family, thompson.name, thompson.timeZone) == (.banner9, "Thompson Rivers University", "America/Vancouver"))
    }

    @Test func aSchoolsReaderReadsItsFamilysPages() throws {
        let answer = try [UInt8](Data(contentsOf: RegistrarTestFiles.samples.appendingPathComponent("banner9/tru-201820-ECON.json")))
        #expect(try definition("thompson-rivers").reader.read(answer, source: "ECON").sections.count == 51)
        let page = try [UInt8](Data(contentsOf: RegistrarTestFiles.samples.appendingPathComponent("banner8/neu-201610-CS2500-sections.html")))
        #expect(try definition("northeastern").reader.read(page, source: "CS2500").sections.count == 6)
    }

    @Test func aRespelledLabelIsRead() throws {
        let html = try String(contentsOf: RegistrarTestFiles.samples.appendingPathComponent("banner8/neu-201610-CS2500-sections.html"), encoding: .utf8)
            .replacingOccurrences(of: ">Sections Found<", with: ">Classes Found<")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("respelled-\(UUID().uuidString).yaml")
        try "family: banner8\nname: A\ntimeZone: America/New_York\npath: /p/\nlabels:\n  sectionsCaption: Classes Found\n"
            .write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let school = try SchoolDefinition.load(contentsOf: file)
        #expect(try school.reader.read(Array(html.utf8), source: "p").sections.count == 6)
        #expect(throws: PageReadError.unrecognised(source: "p")) { try PageReader.banner8.read(Array(html.utf8), source: "p") }
    }

    @Test func anUnknownFamilyIsRefusedNamingItsLine() throws {
        let error = try #require(try refusal("# a school\nname: X\nfamily: banner7\n"))
        guard case .unknownFamily(_, let family, let line, _) = error else { Issue.record("\(error)"); return }
        #expect((family, line) == ("banner7", 3))
        #expect(error.description.contains("line 3") && error.description.contains("reg-sched, banner8, banner9"))
    }

    @Test func aDefinitionWithoutAFamilyIsRefused() throws {
        let error = try #require(try refusal("name: X\ntimeZone: UTC\n"))
        guard case .missingFamily = error else { Issue.record("\(error)"); return }
        #expect(error.description.contains("family: reg-sched"))
    }

    @Test func anUnknownKeyIsRefusedNamingItsLine() throws {
        let banner = try #require(try refusal("family: banner9\nname: X\ntimeZone: UTC\npath: /ssb/\nsubjetcs: [COMP]\n"))
        #expect(banner == .unknownKey(file: banner.file, key: "subjetcs", line: 5))
        let misspelt = try roseHulman { $0.replacingOccurrences(of: "  gridMarker: TERM GRID", with: "  gridMarkr: TERM GRID") }
        let error = try #require(try refusal(misspelt))
        guard case .missingKey = error else { Issue.record("\(error)"); return }
        let extra = try roseHulman { $0.replacingOccurrences(of: "  gridMarker: TERM GRID", with: "  gridMarker: TERM GRID\n  gridMarkers: [TERM GRID]") }
        let added = try #require(try refusal(extra))
        guard case .unknownKey(_, let key, let line) = added else { Issue.record("\(added)"); return }
        #expect(key == "tables.gridMarkers")
        #expect(line == extra.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("gridMarkers") }! + 1)
        let label = try #require(try refusal("family: banner8\nname: X\ntimeZone: UTC\npath: /p/\nlabels:\n  caption: X\n"))
        #expect(label == .unknownKey(file: label.file, key: "labels.caption", line: 6))
    }

    @Test func aMergeKeyIsReadNotRefused() throws {
        #expect(try refusal("family: banner9\nname: X\ntimeZone: UTC\nbase: &base {path: /ssb/}\n") != nil, "base is no key")
        let merged = "family: banner9\nname: X\n<<: {timeZone: UTC, path: /ssb/}\n"
        #expect(try refusal(merged) == nil)
    }

    @Test func oneHeaderForTwoFieldsIsRefusedEveryTime() throws {
        let doubled = try roseHulman { $0.replacingOccurrences(of: "      email: [EMAIL]", with: "      email: [EMAIL, NAME]") }
        let line = doubled.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("email: [EMAIL, NAME]") }! + 1
        for _ in 0..<12 {
            let error = try #require(try refusal(doubled))
            guard case .spellingForTwoFields(_, let key, let spelling, let fields, let at) = error else { Issue.record("\(error)"); return }
            #expect(key == "tables.roster.columns")
            #expect(spelling == "NAME")
            #expect(fields == ["name", "email"])
            #expect(at == line, "the line of the second field to give it")
        }
    }

    private func thompsonRivers(editing edit: (String) -> String) throws -> String {
        edit(try String(contentsOf: RegistrarTestFiles.packageRoot.appendingPathComponent("scrapers/thompson-rivers.yaml"), encoding: .utf8))
    }

    @Test func anEnrollmentExtractMapIsCheckedAtLoad() throws {
        let doubled = try thompsonRivers { $0.replacingOccurrences(of: "    email: [EMAIL]", with: "    email: [EMAIL, CRN]") }
        let error = try #require(try refusal(doubled))
        guard case .spellingForTwoFields(_, let key, let spelling, _, let line) = error else { Issue.record("\(error)"); return }
        #expect(key == "enrollment.columns" && spelling == "CRN")
        #expect(line == doubled.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("[EMAIL, CRN]") }! + 1)

        let noUsername = try #require(try refusal(try thompsonRivers { $0.replacingOccurrences(of: "    username: [USERNAME, Username]\n", with: "") }))
        #expect("\(noUsername)".contains("enrollment.columns.username"))
        let noSection = try #require(try refusal(try thompsonRivers { $0.replacingOccurrences(of: "    crn: [CRN]\n", with: "") }))
        #expect("\(noSection)".contains("crn (its CRN) or section"))
        let unknown = try #require(try refusal(try thompsonRivers { $0.replacingOccurrences(of: "    email: [EMAIL]", with: "    mail: [EMAIL]") }))
        #expect("\(unknown)".contains("enrollment.columns.mail"))
    }

    @Test func anExtractWithoutItsColumnsOrWithABadRowIsRefusedNamingTheLine() throws {
        let reader = try definition("thompson-rivers").reader
        let good = Array("TERM_CODE,CRN,USERNAME\n201820,20433,t00011\n".utf8)
        let page = try reader.read(good, source: "extract.csv")
        #expect(page.kind == .enrollmentExtract && page.enrollments.map(\.crn) == ["20433"])
        #expect(throws: PageReadError.self) { try reader.read(Array("TERM_CODE,CRN\n201820,20433\n".utf8), source: "x.csv") }
        do {
            _ = try reader.read(Array("TERM_CODE,CRN,USERNAME\n201820,20433,t1\nSpring,20433,t2\n".utf8), source: "bad.csv")
            Issue.record("a row whose term is no code was read")
        } catch {
            #expect("\(error)".contains("line 3") && "\(error)".contains("bad.csv"))
        }
    }
}

extension DefinitionError {
    /// The file the error names.
    var file: String {
        switch self {
        case .unreadable(let file, _), .invalidYAML(let file, _), .missingKey(let file, _), .invalidValue(let file, _, _),
             .missingFamily(let file, _), .unknownFamily(let file, _, _, _), .unknownKey(let file, _, _),
             .spellingForTwoFields(let file, _, _, _, _):
            file
        }
    }
}
