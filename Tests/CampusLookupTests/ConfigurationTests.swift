import CampusLookup
import Foundation
import Testing

@Suite("Configuration and paths")
struct ConfigurationTests {
    @Test("the index comes from --index, then CAMPUS_INDEX, then the configuration, then XDG_DATA_HOME")
    func indexPrecedence() {
        let paths = CampusPaths(environment: ["HOME": "/home/ada", "XDG_DATA_HOME": "/data", "CAMPUS_INDEX": "/env.sqlite"])
        #expect(paths.index(option: "/opt.sqlite", configured: "/conf.sqlite").path == "/opt.sqlite")
        #expect(paths.index(option: nil, configured: "/conf.sqlite").path == "/env.sqlite")
        let noVariable = CampusPaths(environment: ["HOME": "/home/ada"])
        #expect(noVariable.index(option: nil, configured: "~/campus.sqlite").path == "/home/ada/campus.sqlite")
        #expect(noVariable.index(option: nil, configured: nil).path == "/home/ada/.local/share/campus/index.sqlite")
        #expect(paths.index(option: nil, configured: nil).path == "/env.sqlite")
        #expect(noVariable.configFile.path == "/home/ada/.config/campus/config.yaml")
    }

    @Test("a configuration file with a wrong type names the file and the key")
    func badConfiguration() throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        try campus.configure("registrar:\n  concurrency: lots\n")
        #expect {
            _ = try campus.context()
        } throws: { error in
            let text = "\(error)"
            return text.contains("config.yaml") && text.contains("registrar.concurrency")
        }
    }

    @Test("a misspelt key is named rather than ignored")
    func unknownKey() throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        try campus.configure("registrar:\n  url: https://registrar.example.edu\n  pasword-file: ~/secret\n")
        #expect {
            _ = try campus.context()
        } throws: { error in
            "\(error)".contains("registrar.pasword-file") && "\(error)".contains("registrar.password-file")
        }
    }

    @Test("a missing configuration file means the defaults")
    func missingConfiguration() throws {
        let campus = try TestCampus()
        defer { campus.cleanUp() }
        let context = try campus.context()
        #expect(context.configuration == CampusConfiguration())
        #expect(context.indexURL.path.hasSuffix("data/campus/index.sqlite"))
    }

    @Test("--at reads days and times as people write them", arguments: [
        ("M 9:00", "Monday 9:00am"), ("thu 1:30pm", "Thursday 1:30pm"), ("F 13:05", "Friday 1:05pm"), ("w 12pm", "Wednesday 12:00pm"),
    ])
    func moments(text: String, expected: String) {
        #expect(WeekMoment(text)?.description == expected)
    }

    @Test("--at refuses what is not a moment", arguments: ["M", "X 9:00", "M 25:00", "M 13:00pm", "Monday nine"])
    func badMoments(text: String) {
        #expect(WeekMoment(text) == nil)
    }
}
