import Foundation
import SlapdHarness
import Testing

/// Change alerts end to end: the built `campus` crawls the demo campus through its registrar
/// emulator, the registrar moves a section, the next crawl finds it, and `campus alerts send`
/// hands one e-mail per person to a real SMTP server (aiosmtpd, STARTTLS and log-in required).
@Suite("Change alerts, by e-mail", .serialized)
struct AlertsEndToEndTests {
    /// A demo campus with its directory, crawled once, set up to send alerts through `smtp`.
    struct AlertCampus {
        let campus: CampusRunner
        let moved: MovedSection
        let smtp: SMTPTestServer

        init(accept: Int? = nil, directory: (String) -> String = { $0 }) throws {
            campus = try CampusRunner()
            moved = try MovedSection(campus)
            smtp = try SMTPTestServer(in: campus.home.appendingPathComponent("smtp"), accept: accept)
            try configure()
            let ldif = campus.home.appendingPathComponent("directory.ldif")
            let original = try String(contentsOf: CampusRunner.packageRoot.appendingPathComponent("fixtures/directory.ldif"), encoding: .utf8)
            try directory(original).write(to: ldif, atomically: true, encoding: .utf8)
            let directorySync = try campus.run("sync", "directory", "--ldif", ldif.path)
            #expect(directorySync.status == 0, "\(directorySync.error)")
            let first = try sync()
            #expect(first.status == 0, "\(first.error)")
        }

        /// Writes the configuration file: the alerts of `smtp` (or `alerts`, another `alerts:` section),
        /// `registrar` holding the registrar's role, `server` (lines of the `server:` section) and
        /// `extra` (top-level sections).
        func configure(alerts: String? = nil, registrar: String = "regstaff", server: String = "", extra: String = "") throws {
            let folder = campus.home.appendingPathComponent("config/campus")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let file = folder.appendingPathComponent("config.yaml")
            let text = [
                "server:", "  public-url: https://campus.example.edu", "  roles:", "    registrar: [\(registrar)]", server,
                alerts ?? smtp.settings, extra, "",
            ].joined(separator: "\n")
            try Data(text.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        }

        /// The `directory:` section that logs people in against `slapd`.
        static func directory(_ slapd: SlapdServer) -> String {
            """
            directory:
              url: \(slapd.url)
              base: ou=People,\(slapd.baseDN)
              bind-dn: \(slapd.adminDN)
              password-file: \(slapd.adminPasswordFile)
            """
        }

        func sync() throws -> CampusRunner.Result {
            try campus.run("sync", "registrar", "--source", moved.pages.path, "--term", MovedSection.term)
        }

        /// Moves the section at the registrar and crawls again.
        func moveAndSync(from: String = MovedSection.oldRoom, to: String = MovedSection.newRoom) throws {
            #expect(try moved.move(from: from, to: to) > 10)
            let second = try sync()
            #expect(second.status == 0, "\(second.error)")
        }

        /// The usernames each message went to, by its envelope.
        func recipients() throws -> [String] {
            try smtp.messages().flatMap(\.rcptTos).map { String($0.split(separator: "@")[0]).lowercased() }.sorted()
        }

        func cleanUp() {
            smtp.stop()
            campus.cleanUp()
        }
    }

    @Test("a moved section: its students and instructor get one e-mail each naming both rooms, nobody else anything, and never twice")
    func movedSection() throws {
        let alerts = try AlertCampus()
        defer { alerts.cleanUp() }
        let quiet = try alerts.campus.run("alerts", "send")
        #expect(quiet.status == 0, "\(quiet.error)")
        #expect(try alerts.smtp.messages().isEmpty, "a first crawl tells nobody anything")

        try alerts.moveAndSync()
        let send = try alerts.campus.run("alerts", "send")
        #expect(send.status == 0, "\(send.error)")
        let expected = try alerts.moved.students().union([MovedSection.instructor])
        #expect(expected.contains(MovedSection.suppressedStudent) && expected.count > 10)
        #expect(try alerts.recipients() == expected.sorted(), "one e-mail each, to exactly the section's people")
        #expect(send.output.contains("e-mailed \(expected.count) people"), "\(send.output)")

        for message in try alerts.smtp.messages() {
            #expect(message.tls && message.login == SMTPTestServer.username, "sent over STARTTLS, logged in")
            #expect(message.mailFrom == "campus@example.edu")
            #expect(message.subject.contains(MovedSection.section) && message.subject.contains(MovedSection.newRoom))
            #expect(message.text.contains("room \(MovedSection.oldRoom) → \(MovedSection.newRoom)"), "\(message.text)")
            #expect(message.html.contains("room \(MovedSection.oldRoom) → \(MovedSection.newRoom)"))
            #expect(message.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click")
            let unsubscribe = try #require(message.header("List-Unsubscribe"))
            let person = String(message.rcptTos[0].split(separator: "@")[0])
            #expect(unsubscribe.hasPrefix("<https://campus.example.edu/alerts/unsubscribe?u=\(person)&t="), "\(unsubscribe)")
            #expect(message.text.contains(String(unsubscribe.dropFirst().dropLast())))
            if person != MovedSection.suppressedStudent {
                #expect(!message.text.contains(MovedSection.suppressedStudent) && !message.text.contains("Ashby"),
                        "a suppressed student appears in nobody else's e-mail")
            }
        }

        let again = try alerts.campus.run("alerts", "send")
        #expect(again.status == 0 && again.output.contains("Queued 0 alerts; e-mailed 0 people"), "\(again.output)")
        #expect(try alerts.recipients() == expected.sorted(), "nothing is sent twice")
        let recrawl = try alerts.sync()
        #expect(recrawl.status == 0)
        #expect(try alerts.campus.run("alerts", "send").status == 0)
        #expect(try alerts.recipients() == expected.sorted(), "a crawl that finds nothing changed tells nobody")
    }

    @Test("a mail server that stops midway loses no alert and sends none twice once it is back")
    func serverDownMidway() throws {
        let alerts = try AlertCampus(accept: 5)
        defer { alerts.cleanUp() }
        try alerts.moveAndSync()
        let expected = try alerts.moved.students().union([MovedSection.instructor]).sorted()

        let cut = try alerts.campus.run("alerts", "send")
        alerts.smtp.waitUntilStopped()
        #expect(cut.status == 1, "a send that could not finish fails")
        #expect(cut.error.contains("stay queued") && cut.error.contains("alerts.smtp.host"), "\(cut.error)")
        #expect(try alerts.recipients().count == 5)

        let down = try alerts.campus.run("alerts", "send")
        #expect(down.status == 1 && down.error.contains("could not be reached") && down.error.contains("alerts.smtp.host"), "\(down.error)")
        #expect(try alerts.recipients().count == 5, "nothing is sent while the server is down")

        try alerts.smtp.start()
        let back = try alerts.campus.run("alerts", "send")
        #expect(back.status == 0, "\(back.error)")
        // The one whose message failed waits a minute before its next try: run the clock on.
        let later = Date().addingTimeInterval(5 * 60)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "America/Indiana/Indianapolis"))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: later)
        let clock = String(format: "%04d-%02d-%02dT%02d:%02d", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!)
        try alerts.configure(server: "  clock: \"\(clock)\"")
        let retried = try alerts.campus.run("alerts", "send")
        #expect(retried.status == 0, "\(retried.error)")
        #expect(try alerts.recipients() == expected, "every alert arrived, each once")
    }

    @Test("mail settings that do not work: a clear error naming the setting, and the alerts stay queued")
    func badSettings() throws {
        let alerts = try AlertCampus()
        defer { alerts.cleanUp() }
        try alerts.moveAndSync()
        let smtp = alerts.smtp
        let cases: [(String, String)] = [
            (smtp.settings.replacing("ca-file: \(smtp.certificate.path)", with: ""), "alerts.smtp.ca-file"),
            (smtp.settings.replacing("username: \(SMTPTestServer.username)", with: "username: someone-else"), "alerts.smtp.username"),
            (smtp.settings.replacing("port: \(smtp.port)", with: "port: 1"), "alerts.smtp.host"),
            (smtp.settings.replacing("password-file: \(smtp.passwordFile.path)", with: "password-file: /nonexistent/smtp-password"),
             "alerts.smtp.password-file"),
            (smtp.settings.replacing("starttls: required", with: "starttls: sometimes"), "alerts.smtp.starttls"),
            (smtp.settings.replacing("\"Campus Lookup <campus@example.edu>\"", with: "\"campus at example\""), "alerts.from"),
            (smtp.settings + "\n  sendmail: /usr/sbin/sendmail", "alerts.sendmail"),
        ]
        for (settings, named) in cases {
            try alerts.configure(alerts: settings)
            let result = try alerts.campus.run("alerts", "send")
            #expect(result.status == 1 && result.error.contains(named), "\(named): \(result.error)")
            #expect(!result.error.contains("s3cret"), "no password in an error")
        }
        #expect(try alerts.smtp.messages().isEmpty)
        try alerts.configure()
        #expect(try alerts.campus.run("alerts", "send").status == 0)
        #expect(try alerts.recipients().count == alerts.moved.students().count + 1, "the alerts waited for settings that work")
    }

    @Test("a name holding CR LF cannot add a header or a recipient")
    func headerInjection() throws {
        let injected = "Morgan Brennan\r\nBcc: thief@example.com\r\nSubject: pwned"
        let alerts = try AlertCampus { ldif in
            ldif.replacing("displayName: Morgan Brennan", with: "displayName:: " + Data(injected.utf8).base64EncodedString())
        }
        defer { alerts.cleanUp() }
        try alerts.moveAndSync()
        #expect(try alerts.campus.run("alerts", "send").status == 0)
        let messages = try alerts.smtp.messages()
        #expect(!messages.flatMap(\.rcptTos).contains("thief@example.com"))
        let brennan = try #require(messages.first { $0.rcptTos == ["brennam@rose-hulman.edu"] })
        #expect(!brennan.rawHeaders.contains("\r\nBcc:") && brennan.headers.filter { $0.first == "Subject" }.count == 1, "\(brennan.rawHeaders)")
        #expect(brennan.header("To")?.contains("brennam@rose-hulman.edu") == true)
    }
}
