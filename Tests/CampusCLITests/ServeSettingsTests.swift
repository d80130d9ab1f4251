import CampusLookup
import Testing
@testable import campus

@Suite("campus serve's settings on the command line")
struct ServeSettingsTests {
    @Test("--help lists every server setting with its help, default and other key, from their one declaration")
    func help() {
        let help = ServeCommand.helpMessage(columns: 1_000)
        #expect(help.contains("CAMPUS_SERVER_KEY"))
        for setting in ServerSetting.all {
            #expect(help.contains("--\(setting.flag)") && help.contains(setting.help), "\(setting.key)")
            if let value = setting.defaultValue { #expect(help.contains("\(setting.help) Default: \(value)."), "\(setting.key)") }
        }
        #expect(help.contains("--trusted-proxy <address> (server.trusted-proxies): A proxy"))
    }

    @Test("the command's own options are parsed; every other word is kept, in order, for the settings")
    func parsing() throws {
        let command = try ServeCommand.parse(["--port", "8081", "--index", "/tmp/x.sqlite", "--role=registrar=a", "--behind-proxy", "--prot", "1"])
        #expect(command.index == "/tmp/x.sqlite")
        #expect(command.settings == ["--port", "8081", "--role=registrar=a", "--behind-proxy", "--prot", "1"])
    }
}
